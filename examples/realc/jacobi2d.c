/* A PolyBench-4.2-style kernel file, differentiated as it is: the kernel among the functions
 * that initialise and print its arrays, its sizes, element type and helper from "local.h",
 * the standard headers included.
 *   paradjoint check examples/realc/jacobi2d.c --function kernel_jacobi_2d --set n=12 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <stdint.h>

#include "local.h"

void init_array(int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / n;
            B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / n;
        }
}

void print_array(int n, DATA_TYPE A[N][N])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            fprintf(stderr, DATA_PRINTF_MODIFIER, A[i][j]);
    fprintf(stderr, "\n");
}

/* One Jacobi sweep with a nonlinear source term; parallel over the rows of B. */
void kernel_jacobi_2d(int n, DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
#pragma ad gradient(B : A)
#pragma omp parallel for
    for (index_t i = GHOST; i < n - GHOST; i++)
        for (index_t j = GHOST; j < n - GHOST; j++)
            B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j])
                    + soft_square(A[i][j]) * sqrt(A[i][j] * A[i][j] + 1.0);
}
