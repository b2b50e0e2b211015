/* symm: C := alpha A B + beta C with A symmetric, only its lower triangle read. The columns of
 * C are independent, so the loop over them is the parallel one.
 *   paradjoint check examples/realc/polybench/symm.c --function kernel_symm --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(C, M, N, m, n),
                       DATA_TYPE POLYBENCH_2D(A, M, M, m, m), DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            C[i][j] = (DATA_TYPE) ((i + j) % 100) / m;
            B[i][j] = (DATA_TYPE) ((n + i - j) % 100) / m;
        }
    for (i = 0; i < m; i++)
        for (j = 0; j <= i; j++)
            A[i][j] = (DATA_TYPE) ((i + j) % 100) / m;
}

static void print_array(int m, int n, DATA_TYPE POLYBENCH_2D(C, M, N, m, n))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, C[i][j]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(C : C, A, B, alpha, beta)
static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(C, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(A, M, M, m, m), DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
    int i, j, k;
    DATA_TYPE temp2;

#pragma scop
#pragma omp parallel for private(i, k, temp2)
    for (j = 0; j < _PB_N; j++)
        for (i = 0; i < _PB_M; i++) {
            temp2 = 0;
            for (k = 0; k < i; k++) {
                C[k][j] += alpha * B[i][j] * A[i][k];
                temp2 += B[k][j] * A[i][k];
            }
            C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
        }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE (*C)[n] = malloc(sizeof(DATA_TYPE[m][n]));
    DATA_TYPE (*A)[m] = malloc(sizeof(DATA_TYPE[m][m]));
    DATA_TYPE (*B)[n] = malloc(sizeof(DATA_TYPE[m][n]));

    init_array(m, n, C, A, B);
    kernel_symm(m, n, 1.5, 1.2, C, A, B);
    print_array(m, n, C);
    free(C);
    free(A);
    free(B);
    return 0;
}
