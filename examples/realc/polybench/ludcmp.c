/* ludcmp: solves A x = b by an in-place LU factorisation without pivoting, then forward
 * (y := L^-1 b) and backward (x := U^-1 y) substitution.
 *   paradjoint check examples/realc/polybench/ludcmp.c --function kernel_ludcmp --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_1D(b, N, n),
                       DATA_TYPE POLYBENCH_1D(x, N, n), DATA_TYPE POLYBENCH_1D(y, N, n))
{
    int i, j;
    DATA_TYPE fn = (DATA_TYPE) n;

    for (i = 0; i < n; i++) {
        x[i] = 0;
        y[i] = 0;
        b[i] = (i + 1) / fn / 2.0 + 4;
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) ((i * j + 1) % n) / n;
        A[i][i] += n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(x, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, DATA_PRINTF_MODIFIER, x[i]);
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(x, A : A, b)
static void kernel_ludcmp(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_1D(b, N, n),
                          DATA_TYPE POLYBENCH_1D(x, N, n), DATA_TYPE POLYBENCH_1D(y, N, n))
{
    int i, j, k;
    DATA_TYPE w;

#pragma scop
    for (i = 0; i < _PB_N; i++) {
        for (j = 0; j < i; j++) {
            w = A[i][j];
            for (k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (j = i; j < _PB_N; j++) {
            w = A[i][j];
            for (k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }
    for (i = 0; i < _PB_N; i++) {
        w = b[i];
        for (j = 0; j < i; j++)
            w -= A[i][j] * y[j];
        y[i] = w;
    }
    for (i = n - 1; i >= 0; i--) {
        w = y[i];
        for (j = i + 1; j < _PB_N; j++)
            w -= A[i][j] * x[j];
        x[i] = w / A[i][i];
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE *b = malloc(sizeof(DATA_TYPE[n])), *x = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *y = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, A, b, x, y);
    kernel_ludcmp(n, A, b, x, y);
    print_array(n, x);
    free(A);
    free(b);
    free(x);
    free(y);
    return 0;
}
