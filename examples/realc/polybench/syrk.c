/* syrk: C := alpha A A^T + beta C on the lower triangle of C.
 *   paradjoint check examples/realc/polybench/syrk.c --function kernel_syrk --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, int m, DATA_TYPE POLYBENCH_2D(C, N, N, n, n), DATA_TYPE POLYBENCH_2D(A, N, M, n, m))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            A[i][j] = (DATA_TYPE) ((i * j + 1) % n) / n;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            C[i][j] = (DATA_TYPE) ((i * j + 2) % m) / m;
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(C, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, C[i][j]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(C : C, A, alpha, beta)
static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(C, N, N, n, n),
                        DATA_TYPE POLYBENCH_2D(A, N, M, n, m))
{
    int i, j, k;

#pragma scop
#pragma omp parallel for private(j, k)
    for (i = 0; i < _PB_N; i++) {
        for (j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (k = 0; k < _PB_M; k++)
            for (j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
#pragma endscop
}

int main(void)
{
    int n = N, m = M;
    DATA_TYPE (*C)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*A)[m] = malloc(sizeof(DATA_TYPE[n][m]));

    init_array(n, m, C, A);
    kernel_syrk(n, m, 1.5, 1.2, C, A);
    print_array(n, C);
    free(C);
    free(A);
    return 0;
}
