/* atax: y := A^T (A x), the product with A first, then with its transpose.
 *   paradjoint check examples/realc/polybench/atax.c --function kernel_atax --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE POLYBENCH_1D(x, N, n))
{
    int i, j;
    DATA_TYPE fn = (DATA_TYPE) n;

    for (i = 0; i < n; i++)
        x[i] = 1 + (i / fn);
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) ((i + j) % n) / (5 * m);
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

#pragma ad gradient(y : A, x)
static void kernel_atax(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                        DATA_TYPE POLYBENCH_1D(y, N, n), DATA_TYPE POLYBENCH_1D(tmp, M, m))
{
    int i, j;

#pragma scop
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_M; i++) {
        tmp[i] = SCALAR_VAL(0.0);
        for (j = 0; j < _PB_N; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
    }
    /* the transposed product by columns, so that each thread owns its elements of y */
#pragma omp parallel for private(i)
    for (j = 0; j < _PB_N; j++) {
        y[j] = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_M; i++)
            y[j] = y[j] + A[i][j] * tmp[i];
    }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[m][n]));
    DATA_TYPE *x = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *y = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *tmp = malloc(sizeof(DATA_TYPE[m]));

    init_array(m, n, A, x);
    kernel_atax(m, n, A, x, y, tmp);
    print_array(n, y);
    free(A);
    free(x);
    free(y);
    free(tmp);
    return 0;
}
