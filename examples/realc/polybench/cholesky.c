/* cholesky: in-place factorisation A := L L^T of a symmetric positive definite matrix, only its
 * lower triangle read and written. The kernel factors the ridge-regularised matrix
 * A + lambda I (lambda = 2n), which is positive definite for any symmetric A whose entries lie in
 * [-1.5, 1.5] (Gershgorin), so that the square roots stay real for the check's random inputs.
 *   paradjoint check examples/realc/polybench/cholesky.c --function kernel_cholesky --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) ((i + j) % n) / n;
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++) {
            if ((i * n + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, A[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(A : A)
static void kernel_cholesky(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j, k;
    DATA_TYPE lambda = SCALAR_VAL(2.0) * n;

#pragma scop
    for (i = 0; i < _PB_N; i++)
        A[i][i] += lambda;
    for (i = 0; i < _PB_N; i++) {
        /* j < i */
        for (j = 0; j < i; j++) {
            for (k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[j][k];
            A[i][j] /= A[j][j];
        }
        /* i == j */
        for (k = 0; k < i; k++)
            A[i][i] -= A[i][k] * A[i][k];
        A[i][i] = SQRT_FUN(A[i][i]);
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, A);
    kernel_cholesky(n, A);
    print_array(n, A);
    free(A);
    return 0;
}
