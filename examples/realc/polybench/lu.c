/* lu: in-place LU factorisation without pivoting, A := L U with L unit lower triangular.
 *   paradjoint check examples/realc/polybench/lu.c --function kernel_lu --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

/* a diagonally dominant matrix, so that no pivoting is needed */
static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) ((i * j + 1) % n) / n;
        A[i][i] += n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            if ((i * n + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, A[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(A : A)
static void kernel_lu(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j, k;

#pragma scop
    for (i = 0; i < _PB_N; i++) {
        for (j = 0; j < i; j++) {
            for (k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[k][j];
            A[i][j] /= A[j][j];
        }
        for (j = i; j < _PB_N; j++)
            for (k = 0; k < i; k++)
                A[i][j] -= A[i][k] * A[k][j];
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, A);
    kernel_lu(n, A);
    print_array(n, A);
    free(A);
    return 0;
}
