/* adi: tsteps of the alternating-direction implicit method for 2-D heat diffusion: a
 * tridiagonal (Thomas) solve along every column, then along every row. The solves of one sweep
 * are independent (parallel over i); the coefficients grow with n^2.
 *   paradjoint check examples/realc/polybench/adi.c --function kernel_adi --set tsteps=2 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_2D(u, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            u[i][j] = (DATA_TYPE) (i + n - j) / n;
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(u, N, N, n, n))
{
    int i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            if ((i * n + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, u[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(u : u)
static void kernel_adi(int tsteps, int n, DATA_TYPE POLYBENCH_2D(u, N, N, n, n), DATA_TYPE POLYBENCH_2D(v, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(p, N, N, n, n), DATA_TYPE POLYBENCH_2D(q, N, N, n, n))
{
    int t, i, j;
    DATA_TYPE DX, DY, DT;
    DATA_TYPE B1, B2;
    DATA_TYPE mul1, mul2;
    DATA_TYPE a, b, c, d, e, f;

#pragma scop
    DX = SCALAR_VAL(1.0) / (DATA_TYPE) n;
    DY = SCALAR_VAL(1.0) / (DATA_TYPE) n;
    DT = SCALAR_VAL(1.0) / (DATA_TYPE) tsteps;
    B1 = SCALAR_VAL(2.0);
    B2 = SCALAR_VAL(1.0);
    mul1 = B1 * DT / (DX * DX);
    mul2 = B2 * DT / (DY * DY);

    a = -mul1 / SCALAR_VAL(2.0);
    b = SCALAR_VAL(1.0) + mul1;
    c = a;
    d = -mul2 / SCALAR_VAL(2.0);
    e = SCALAR_VAL(1.0) + mul2;
    f = d;

    for (t = 1; t <= _PB_TSTEPS; t++) {
        /* column sweep */
#pragma omp parallel for private(j)
        for (i = 1; i < _PB_N - 1; i++) {
            v[0][i] = SCALAR_VAL(1.0);
            p[i][0] = SCALAR_VAL(0.0);
            q[i][0] = v[0][i];
            for (j = 1; j < _PB_N - 1; j++) {
                p[i][j] = -c / (a * p[i][j - 1] + b);
                q[i][j] = (-d * u[j][i - 1] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * d) * u[j][i] - f * u[j][i + 1]
                           - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
            }
            v[n - 1][i] = SCALAR_VAL(1.0);
            for (j = n - 2; j >= 1; j--)
                v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
        }
        /* row sweep */
#pragma omp parallel for private(j)
        for (i = 1; i < _PB_N - 1; i++) {
            u[i][0] = SCALAR_VAL(1.0);
            p[i][0] = SCALAR_VAL(0.0);
            q[i][0] = u[i][0];
            for (j = 1; j < _PB_N - 1; j++) {
                p[i][j] = -f / (d * p[i][j - 1] + e);
                q[i][j] = (-a * v[i - 1][j] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * a) * v[i][j] - c * v[i + 1][j]
                           - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
            }
            u[i][n - 1] = SCALAR_VAL(1.0);
            for (j = n - 2; j >= 1; j--)
                u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
        }
    }
#pragma endscop
}

int main(void)
{
    int n = N, tsteps = TSTEPS;
    DATA_TYPE (*u)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*v)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*p)[n] = malloc(sizeof(DATA_TYPE[n][n]));
    DATA_TYPE (*q)[n] = malloc(sizeof(DATA_TYPE[n][n]));

    init_array(n, u);
    kernel_adi(tsteps, n, u, v, p, q);
    print_array(n, u);
    free(u);
    free(v);
    free(p);
    free(q);
    return 0;
}
