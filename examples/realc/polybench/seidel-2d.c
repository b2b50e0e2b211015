/* seidel-2d: tsteps in-place nine-point Gauss-Seidel sweeps (sequential: each point reads
 * neighbours already updated in this sweep).
 *   paradjoint check examples/realc/polybench/seidel-2d.c --function kernel_seidel_2d --set tsteps=2 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / n;
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
static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
    int t, i, j;

#pragma scop
    for (t = 0; t <= _PB_TSTEPS - 1; t++)
        for (i = 1; i <= _PB_N - 2; i++)
            for (j = 1; j <= _PB_N - 2; j++)
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

int main(void)
{
    int n = N, tsteps = TSTEPS;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, A);
    kernel_seidel_2d(tsteps, n, A);
    print_array(n, A);
    free(A);
    return 0;
}
