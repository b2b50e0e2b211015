/* durbin: Levinson-Durbin recursion, the solution y of the Toeplitz system whose first row is
 * (1, r[0], ..., r[n-2]) with right-hand side -r. The check draws r from [-0.1, 0.1] (--range):
 * the system is then diagonally dominant and every beta stays away from 0.
 *   paradjoint check examples/realc/polybench/durbin.c --function kernel_durbin --range -0.1:0.1 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int n, DATA_TYPE POLYBENCH_1D(r, N, n))
{
    int i;

    for (i = 0; i < n; i++)
        r[i] = SCALAR_VAL(0.1) / (n + 1 - i);
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(y, N, n))
{
    int i;

    for (i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, DATA_PRINTF_MODIFIER, y[i]);
    }
    fprintf(stderr, "\n");
}

#pragma ad gradient(y : r)
static void kernel_durbin(int n, DATA_TYPE POLYBENCH_1D(r, N, n), DATA_TYPE POLYBENCH_1D(y, N, n),
                          DATA_TYPE POLYBENCH_1D(z, N, n))
{
    DATA_TYPE alpha;
    DATA_TYPE beta;
    DATA_TYPE sum;
    int i, k;

#pragma scop
    y[0] = -r[0];
    beta = SCALAR_VAL(1.0);
    alpha = -r[0];

    for (k = 1; k < _PB_N; k++) {
        beta = (1 - alpha * alpha) * beta;
        sum = SCALAR_VAL(0.0);
        for (i = 0; i < k; i++)
            sum += r[k - i - 1] * y[i];
        alpha = -(r[k] + sum) / beta;

        for (i = 0; i < k; i++)
            z[i] = y[i] + alpha * y[k - i - 1];
        for (i = 0; i < k; i++)
            y[i] = z[i];
        y[k] = alpha;
    }
#pragma endscop
}

int main(void)
{
    int n = N;
    DATA_TYPE *r = malloc(sizeof(DATA_TYPE[n])), *y = malloc(sizeof(DATA_TYPE[n]));
    DATA_TYPE *z = malloc(sizeof(DATA_TYPE[n]));

    init_array(n, r);
    kernel_durbin(n, r, y, z);
    print_array(n, y);
    free(r);
    free(y);
    free(z);
    return 0;
}
