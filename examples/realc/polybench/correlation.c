/* correlation: the correlation matrix of m variables observed n times. A standard deviation
 * below eps is taken as 1, as PolyBench does, so that constant variables divide by nothing
 * small (a branch: its derivative follows the side taken).
 *   paradjoint check examples/realc/polybench/correlation.c --function kernel_correlation --run */
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
            data[i][j] = (DATA_TYPE) (i * j) / m + i;
}

static void print_array(int m, DATA_TYPE POLYBENCH_2D(corr, M, M, m, m))
{
    int i, j;

    for (i = 0; i < m; i++)
        for (j = 0; j < m; j++) {
            if ((i * m + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, corr[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(corr, data : data)
static void kernel_correlation(int m, int n, DATA_TYPE float_n, DATA_TYPE POLYBENCH_2D(data, N, M, n, m),
                               DATA_TYPE POLYBENCH_2D(corr, M, M, m, m), DATA_TYPE POLYBENCH_1D(mean, M, m),
                               DATA_TYPE POLYBENCH_1D(stddev, M, m))
{
    int i, j, k;
    DATA_TYPE eps = SCALAR_VAL(0.1);

#pragma scop
#pragma omp parallel for private(i)
    for (j = 0; j < _PB_M; j++) {
        mean[j] = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_N; i++)
            mean[j] += data[i][j];
        mean[j] /= float_n;
    }
#pragma omp parallel for private(i)
    for (j = 0; j < _PB_M; j++) {
        stddev[j] = SCALAR_VAL(0.0);
        for (i = 0; i < _PB_N; i++)
            stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
        stddev[j] /= float_n;
        stddev[j] = SQRT_FUN(stddev[j]);
        stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
    }
    /* centre and reduce the column vectors */
#pragma omp parallel for private(j)
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_M; j++) {
            data[i][j] -= mean[j];
            data[i][j] /= SQRT_FUN(float_n) * stddev[j];
        }
    /* the correlation matrix, its upper triangle mirrored */
    for (i = 0; i < _PB_M - 1; i++) {
        corr[i][i] = SCALAR_VAL(1.0);
        for (j = i + 1; j < _PB_M; j++) {
            corr[i][j] = SCALAR_VAL(0.0);
            for (k = 0; k < _PB_N; k++)
                corr[i][j] += (data[k][i] * data[k][j]);
            corr[j][i] = corr[i][j];
        }
    }
    corr[m - 1][m - 1] = SCALAR_VAL(1.0);
#pragma endscop
}

int main(void)
{
    int m = M, n = N;
    DATA_TYPE float_n;
    DATA_TYPE (*data)[m] = malloc(sizeof(DATA_TYPE[n][m]));
    DATA_TYPE (*corr)[m] = malloc(sizeof(DATA_TYPE[m][m]));
    DATA_TYPE *mean = malloc(sizeof(DATA_TYPE[m])), *stddev = malloc(sizeof(DATA_TYPE[m]));

    init_array(m, n, &float_n, data);
    kernel_correlation(m, n, float_n, data, corr, mean, stddev);
    print_array(m, corr);
    free(data);
    free(corr);
    free(mean);
    free(stddev);
    return 0;
}
