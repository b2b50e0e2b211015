/* gemver: A := A + u1 v1^T + u2 v2^T, x := x + beta A^T y + z, w := w + alpha A x.
 *   paradjoint check examples/realc/polybench/gemver.c --function kernel_gemver --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                       DATA_TYPE POLYBENCH_1D(u1, N, n), DATA_TYPE POLYBENCH_1D(v1, N, n),
                       DATA_TYPE POLYBENCH_1D(u2, N, n), DATA_TYPE POLYBENCH_1D(v2, N, n),
                       DATA_TYPE POLYBENCH_1D(w, N, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                       DATA_TYPE POLYBENCH_1D(y, N, n), DATA_TYPE POLYBENCH_1D(z, N, n))
{
    int i, j;
    DATA_TYPE fn = (DATA_TYPE) n;

    for (i = 0; i < n; i++) {
        u1[i] = i;
        u2[i] = ((i + 1) / fn) / 2.0;
        v1[i] = ((i + 1) / fn) / 4.0;
        v2[i] = ((i + 1) / fn) / 6.0;
        y[i] = ((i + 1) / fn) / 8.0;
        z[i] = ((i + 1) / fn) / 9.0;
        x[i] = 0.0;
        w[i] = 0.0;
        for (j = 0; j < n; j++)
            A[i][j] = (DATA_TYPE) (i * j % n) / n;
    }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(w, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, DATA_PRINTF_MODIFIER, w[i]);
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(w, x, A : A, u1, v1, u2, v2, w, x, y, z, alpha, beta)
static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                          DATA_TYPE POLYBENCH_1D(u1, N, n), DATA_TYPE POLYBENCH_1D(v1, N, n),
                          DATA_TYPE POLYBENCH_1D(u2, N, n), DATA_TYPE POLYBENCH_1D(v2, N, n),
                          DATA_TYPE POLYBENCH_1D(w, N, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                          DATA_TYPE POLYBENCH_1D(y, N, n), DATA_TYPE POLYBENCH_1D(z, N, n))
{
    int i, j;

#pragma scop
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            x[i] = x[i] + beta * A[j][i] * y[j];
#pragma omp parallel for
    for (i = 0; i < _PB_N; i++)
        x[i] = x[i] + z[i];
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE (*A)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE *u1 = malloc(sizeof(DATA_TYPE[n])), *v1 = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *u2 = malloc(sizeof(DATA_TYPE[n])), *v2 = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *w = malloc(sizeof(DATA_TYPE[n])), *x = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *y = malloc(sizeof(DATA_TYPE[n])), *z = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, A, u1, v1, u2, v2, w, x, y, z);
    kernel_gemver(n, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
    print_array(n, w);
    free(A);
    free(u1);
    free(v1);
    free(u2);
    free(v2);
    free(w);
    free(x);
    free(y);
    free(z);
    return 0;
}
