/* gesummv: y := alpha A x + beta B x, one row per iteration.
 *   paradjoint check examples/realc/polybench/gesummv.c --function kernel_gesummv --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_2D(B, N, N, n, n),
                       DATA_TYPE POLYBENCH_1D(x, N, n))
{
    int i, j;

    for (i = 0; i < n; i++) {
        x[i] = (DATA_TYPE) (i % n) / n;
        for (j = 0; j < n; j++) {
            A[i][j] = (DATA_TYPE) ((i * j + 1) % n) / n;
            B[i][j] = (DATA_TYPE) ((i * j + 2) % n) / n;
        }
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(y, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, DATA_PRINTF_MODIFIER, y[i]);
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(y : A, B, x, alpha, beta)
static void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                           DATA_TYPE POLYBENCH_2D(B, N, N, n, n), DATA_TYPE POLYBENCH_1D(tmp, N, n),
                           DATA_TYPE POLYBENCH_1D(x, N, n), DATA_TYPE POLYBENCH_1D(y, N, n))
{
    int i, j;

#pragma scop
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++) {
        tmp[i] = SCALAR_VAL(0.0);
        y[i] = SCALAR_VAL(0.0);
        for (j = 0; j < _PB_N; j++) {
            tmp[i] = A[i][j] * x[j] + tmp[i];
            y[i] = B[i][j] * x[j] + y[i];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*B)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE *tmp = malloc(sizeof(DATA_TYPE[n])), *x = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *y = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, A, B, x);
    kernel_gesummv(n, 1.5, 1.2, A, B, tmp, x, y);
    print_array(n, y);
    free(A);
    free(B);
    free(tmp);
    free(x);
    free(y);
    return 0;
}
