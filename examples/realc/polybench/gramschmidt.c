/* gramschmidt: QR decomposition A = Q R by modified Gram-Schmidt; A is overwritten by the
 * remainders. The updates of the later columns at step k are independent (parallel over j).
 *   paradjoint check examples/realc/polybench/gramschmidt.c --function kernel_gramschmidt --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n), DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(Q, M, N, m, n))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            A[i][j] = (((DATA_TYPE) ((i * j) % m) / m) * 100) + 10;
            Q[i][j] = 0.0;
        }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            R[i][j] = 0.0;
}

static void print_array(int m, int n, DATA_TYPE POLYBENCH_2D(R, N, N, n, n), DATA_TYPE POLYBENCH_2D(Q, M, N, m, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, R[i][j]);
    fprintf(stderr, "\n");
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, Q[i][j]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(Q, R, A : A)
static void kernel_gramschmidt(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                               DATA_TYPE POLYBENCH_2D(R, N, N, n, n),
                               DATA_TYPE POLYBENCH_2D(Q, M, N, m, n))
{
    int i, j, k;
    DATA_TYPE nrm;

#pragma scop
    for (k = 0; k < _PB_N; k++) {
        nrm = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_M; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = SQRT_FUN(nrm);
        for (i = 0; i < _PB_M; i++)
            Q[i][k] = A[i][k] / R[k][k];
#pragma omp parallel for private(i)
        for (j = k + 1; j < _PB_N; j++) {
            R[k][j] = SCALAR_VAL(0.0);
            for (i = 0; i < _PB_M; i++)
                R[k][j] += Q[i][k] * A[i][j];
            for (i = 0; i < _PB_M; i++)
                A[i][j] = A[i][j] - Q[i][k] * R[k][j];
        }
    }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[m][n]));
    DATA_TYPE (*R)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*Q)[n] = malloc(sizeof(DATA_TYPE[m][n]));

    init_array(m, n, A, R, Q);
    kernel_gramschmidt(m, n, A, R, Q);
    print_array(m, n, R, Q);
    free(A);
    free(R);
    free(Q);
    return 0;
}
