/* mvt: x1 := x1 + A y1 and x2 := x2 + A^T y2, each parallel over its result.
 *   paradjoint check examples/realc/polybench/mvt.c --function kernel_mvt --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_1D(x1, N, n), DATA_TYPE POLYBENCH_1D(x2, N, n),
                       DATA_TYPE POLYBENCH_1D(y_1, N, n), DATA_TYPE POLYBENCH_1D(y_2, N, n),
                       DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++) {
        x1[i] = (DATA_TYPE) (i % n) / n;
        x2[i] = (DATA_TYPE) ((i + 1) % n) / n;
        y_1[i] = (DATA_TYPE) ((i + 3) % n) / n;
        y_2[i] = (DATA_TYPE) ((i + 4) % n) / n;
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) (i * j % n) / n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(x1, N, n), DATA_TYPE POLYBENCH_1D(x2, N, n))
{
    int i;

    for (i = 0; i < n; i++)
        fprintf(stderr, DATA_PRINTF_MODIFIER, x1[i]);
    fprintf(stderr, "\n");
    for (i = 0; i < n; i++)
        fprintf(stderr, DATA_PRINTF_MODIFIER, x2[i]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(x1, x2 : x1, x2, y_1, y_2, A)
static void kernel_mvt(int n, DATA_TYPE POLYBENCH_1D(x1, N, n), DATA_TYPE POLYBENCH_1D(x2, N, n),
                       DATA_TYPE POLYBENCH_1D(y_1, N, n), DATA_TYPE POLYBENCH_1D(y_2, N, n),
                       DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

#pragma scop
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            x1[i] = x1[i] + A[i][j] * y_1[j];
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE *x1 = malloc(sizeof(DATA_TYPE[n])), *x2 = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *y_1 = malloc(sizeof(DATA_TYPE[n])), *y_2 = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, x1, x2, y_1, y_2, A);
    kernel_mvt(n, x1, x2, y_1, y_2, A);
    print_array(n, x1, x2);
    free(x1);
    free(x2);
    free(y_1);
    free(y_2);
    free(A);
    return 0;
}
