/* bicg: the two products of BiCGStab's inner step, s := A^T r and q := A p.
 *   paradjoint check examples/realc/polybench/bicg.c --function kernel_bicg --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE POLYBENCH_2D(A, N, M, n, m),
                       DATA_TYPE POLYBENCH_1D(r, N, n), DATA_TYPE POLYBENCH_1D(p, M, m))
{
    int i, j;

    for (i = 0; i < m; i++)
        p[i] = (DATA_TYPE) (i % m) / m;
    for (i = 0; i < n; i++) {
        r[i] = (DATA_TYPE) (i % n) / n;
        for (j = 0; j < m; j++)
            A[i][j] = (DATA_TYPE) (i * (j + 1) % n) / n;
    }
}

static void print_array(int m, int n, DATA_TYPE POLYBENCH_1D(s, M, m), DATA_TYPE POLYBENCH_1D(q, N, n))
{
    int i;

    for (i = 0; i < m; i++)
        fprintf(stderr, DATA_PRINTF_MODIFIER, s[i]);
    fprintf(stderr, "\n");
    for (i = 0; i < n; i++)
        fprintf(stderr, DATA_PRINTF_MODIFIER, q[i]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(s, q : A, r, p)
static void kernel_bicg(int m, int n, DATA_TYPE POLYBENCH_2D(A, N, M, n, m), DATA_TYPE POLYBENCH_1D(s, M, m),
                        DATA_TYPE POLYBENCH_1D(q, N, n), DATA_TYPE POLYBENCH_1D(p, M, m),
                        DATA_TYPE POLYBENCH_1D(r, N, n))
{
    int i, j;

#pragma scop
#pragma omp parallel for private(i)
    for (j = 0; j < _PB_M; j++) {
        s[j] = 0;
        for (i = 0; i < _PB_N; i++)
            s[j] = s[j] + r[i] * A[i][j];
    }
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++) {
        q[i] = SCALAR_VAL(0.0);
        for (j = 0; j < _PB_M; j++)
            q[i] = q[i] + A[i][j] * p[j];
    }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE (*A)[m] = malloc(sizeof(DATA_TYPE[n][m]));
    DATA_TYPE *s = malloc(sizeof(DATA_TYPE[m]));
    DATA_TYPE *q = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *p = malloc(sizeof(DATA_TYPE[m]));
    DATA_TYPE *r = malloc(sizeof(DATA_TYPE[n]));

    init_array(m, n, A, r, p);
    kernel_bicg(m, n, A, s, q, p, r);
    print_array(m, n, s, q);
    free(A);
    free(s);
    free(q);
    free(p);
    free(r);
    return 0;
}
