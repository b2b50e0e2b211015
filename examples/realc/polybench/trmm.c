/* trmm: B := alpha A^T B with A unit lower triangular; the columns of B are independent.
 *   paradjoint check examples/realc/polybench/trmm.c --function kernel_trmm --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, M, m, m), DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
    int i, j;

    for (i = 0; i < m; i++) {
        for (j = 0; j < i; j++)
            A[i][j] = (DATA_TYPE) ((i + j) % m) / m;
        A[i][i] = 1.0;
        for (j = 0; j < n; j++)
            B[i][j] = (DATA_TYPE) ((n + (i - j)) % n) / n;
    }
}

static void print_array(int m, int n, DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, B[i][j]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(B : A, B, alpha)
static void kernel_trmm(int m, int n, DATA_TYPE alpha, DATA_TYPE POLYBENCH_2D(A, M, M, m, m),
                        DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
    int i, j, k;

#pragma scop
#pragma omp parallel for private(i, k)
    for (j = 0; j < _PB_N; j++)
        for (i = 0; i < _PB_M; i++) {
            for (k = i + 1; k < _PB_M; k++)
                B[i][j] += A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE (*A)[m] = malloc(sizeof(DATA_TYPE[m][m]));
    DATA_TYPE (*B)[n] = malloc(sizeof(DATA_TYPE[m][n]));

    init_array(m, n, A, B);
    kernel_trmm(m, n, 1.5, A, B);
    print_array(m, n, B);
    free(A);
    free(B);
    return 0;
}
