/* covariance: the covariance matrix of m variables observed n times (data is centred in place).
 *   paradjoint check examples/realc/polybench/covariance.c --function kernel_covariance --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int m, int n, DATA_TYPE *float_n, DATA_TYPE POLYBENCH_2D(data, N, M, n, m))
{
    int i, j;

    *float_n = (DATA_TYPE) n;
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            data[i][j] = ((DATA_TYPE) i * j) / m;
}

static void print_array(int m, DATA_TYPE POLYBENCH_2D(cov, M, M, m, m))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < m; j++) {
            if ((i * m + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, cov[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(cov, data : data)
static void kernel_covariance(int m, int n, DATA_TYPE float_n, DATA_TYPE POLYBENCH_2D(data, N, M, n, m),
                              DATA_TYPE POLYBENCH_2D(cov, M, M, m, m), DATA_TYPE POLYBENCH_1D(mean, M, m))
{
    int i, j, k;

#pragma scop
#pragma omp parallel for private(i)
    for (j = 0; j < _PB_M; j++) {
        mean[j] = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_N; i++)
            mean[j] += data[i][j];
        mean[j] /= float_n;
    }
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_M; j++)
            data[i][j] -= mean[j];
    for (i = 0; i < _PB_M; i++)
        for (j = i; j < _PB_M; j++) {
            cov[i][j] = SCALAR_VAL(0.0);
            for (k = 0; k < _PB_N; k++)
                cov[i][j] += data[k][i] * data[k][j];
            cov[i][j] /= (float_n - SCALAR_VAL(1.0));
            cov[j][i] = cov[i][j];
        }
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE float_n;
    DATA_TYPE (*data)[m] = malloc(sizeof(DATA_TYPE[n][m]));
    DATA_TYPE (*cov)[m] = malloc(sizeof(DATA_TYPE[m][m]));
    DATA_TYPE *mean = malloc(sizeof(DATA_TYPE[m]));

    init_array(m, n, &float_n, data);
    kernel_covariance(m, n, float_n, data, cov, mean);
    print_array(m, cov);
    free(data);
    free(cov);
    free(mean);
    return 0;
}
