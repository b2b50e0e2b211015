/* trisolv: x := L^-1 b by forward substitution (sequential: row i reads every earlier x).
 *   paradjoint check examples/realc/polybench/trisolv.c --function kernel_trisolv --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(L, N, N, n, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                       DATA_TYPE POLYBENCH_1D(b, N, n))
{
    int i, j;

    for (i = 0; i < n; i++) {
        x[i] = -999;
        b[i] = i;
        for (j = 0; j <= i; j++)
            L[i][j] = (DATA_TYPE) (i + n - j + 1) * 2 / n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(x, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        fprintf(stderr, DATA_PRINTF_MODIFIER, x[i]);
        if (i % 20 == 0)
            fprintf(stderr, "\n");
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(x : L, b)
static void kernel_trisolv(int n, DATA_TYPE POLYBENCH_2D(L, N, N, n, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                           DATA_TYPE POLYBENCH_1D(b, N, n))
{
    int i, j;

#pragma scop
    for (i = 0; i < _PB_N; i++) {
        x[i] = b[i];
        for (j = 0; j < i; j++)
            x[i] -= L[i][j] * x[j];
        x[i] = x[i] / L[i][i];
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*L)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE *x = malloc(sizeof(DATA_TYPE[n])), *b = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, L, x, b);
    kernel_trisolv(n, L, x, b);
    print_array(n, x);
    free(L);
    free(x);
    free(b);
    return 0;
}
