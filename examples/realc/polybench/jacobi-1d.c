/* jacobi-1d: tsteps pairs of three-point Jacobi sweeps, A into B and back.
 *   paradjoint check examples/realc/polybench/jacobi-1d.c --function kernel_jacobi_1d --set tsteps=4 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_1D(A, N, n), DATA_TYPE POLYBENCH_1D(B, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        A[i] = ((DATA_TYPE) i + 2) / n;
        B[i] = ((DATA_TYPE) i + 3) / n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(A, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, DATA_PRINTF_MODIFIER, A[i]);
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(A, B : A, B)
static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE POLYBENCH_1D(A, N, n), DATA_TYPE POLYBENCH_1D(B, N, n))
{
    int t, i;

#pragma scop
    for (t = 0; t < _PB_TSTEPS; t++) {
#pragma omp parallel for
        for (i = 1; i < _PB_N - 1; i++)
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma omp parallel for
        for (i = 1; i < _PB_N - 1; i++)
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
#pragma endscop
}

int main(void)
{
    int n = N, tsteps = TSTEPS;
    DATA_TYPE *A = malloc(sizeof(DATA_TYPE[n])), *B = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, A, B);
    kernel_jacobi_1d(tsteps, n, A, B);
    print_array(n, A);
    free(A);
    free(B);
    return 0;
}
