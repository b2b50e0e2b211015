/* floyd-warshall: all-pairs shortest path lengths, the minimum a branch in the header's
 * static inline min_length. The derivative with respect to the edge lengths follows the
 * shortest paths found.
 *   paradjoint check examples/realc/polybench/floyd-warshall.c --function kernel_floyd_warshall --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            path[i][j] = i * j % 7 + 1;
            if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
                path[i][j] = 999;
        }
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            if ((i * n + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, path[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(path : path)
static void kernel_floyd_warshall(int n, DATA_TYPE POLYBENCH_2D(path, N, N, n, n))
{
    int i, j, k;

#pragma scop
    for (k = 0; k < _PB_N; k++)
        for (i = 0; i < _PB_N; i++)
            for (j = 0; j < _PB_N; j++)
                path[i][j] = min_length(path[i][j], path[i][k] + path[k][j]);
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*path)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, path);
    kernel_floyd_warshall(n, path);
    print_array(n, path);
    free(path);
    return 0;
}
