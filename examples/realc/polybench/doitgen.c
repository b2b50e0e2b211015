/* doitgen: multiresolution analysis kernel, A(r,q,:) := A(r,q,:) * C4, one slice at a time
 * through the work vector sum (sequential, as PolyBench writes it: sum is shared).
 *   paradjoint check examples/realc/polybench/doitgen.c --function kernel_doitgen \
 *       --set nr=4 --set nq=5 --set np=6 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

#define NR 4
#define NQ 5
#define NP 6

static void init_array(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                       DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np))
{
    int i, j, k;

    for (i = 0; i < nr; i++)
        for (j = 0; j < nq; j++)
            for (k = 0; k < np; k++)
                A[i][j][k] = (DATA_TYPE) ((i * j + k) % np) / np;
    for (i = 0; i < np; i++)
        for (j = 0; j < np; j++)
            C4[i][j] = (DATA_TYPE) (i * j % np) / np;
}

static void print_array(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np))
{
    int i, j, k;

    for (i = 0; i < nr; i++)
        for (j = 0; j < nq; j++)
            for (k = 0; k < np; k++)
                fprintf(stderr, DATA_PRINTF_MODIFIER, A[i][j][k]);
    fprintf(stderr, "\n");
}

#pragma ad gradient(A : A, C4)
static void kernel_doitgen(int nr, int nq, int np, DATA_TYPE POLYBENCH_3D(A, NR, NQ, NP, nr, nq, np),
                           DATA_TYPE POLYBENCH_2D(C4, NP, NP, np, np), DATA_TYPE POLYBENCH_1D(sum, NP, np))
{
    int r, q, p, s;

#pragma scop
    for (r = 0; r < nr; r++)
        for (q = 0; q < nq; q++) {
            for (p = 0; p < np; p++) {
                sum[p] = SCALAR_VAL(0.0);
                for (s = 0; s < np; s++)
                    sum[p] += A[r][q][s] * C4[s][p];
            }
            for (p = 0; p < np; p++)
                A[r][q][p] = sum[p];
        }
#pragma endscop
}

int main(void)
{
    int nr = NR, nq = NQ, np = NP;
    DATA_TYPE (*A)[nq][np] = malloc(sizeof(DATA_TYPE[nr][nq][np]));
    DATA_TYPE (*C4)[np] = malloc(sizeof(DATA_TYPE[np][np]));
    DATA_TYPE *sum = malloc(sizeof(DATA_TYPE[np]));

    init_array(nr, nq, np, A, C4);
    kernel_doitgen(nr, nq, np, A, C4, sum);
    print_array(nr, nq, np, A);
    free(A);
    free(C4);
    free(sum);
    return 0;
}
