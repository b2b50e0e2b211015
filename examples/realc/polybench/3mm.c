/* 3mm: G := (A*B)*(C*D), through E := A*B and F := C*D.
 *   paradjoint check examples/realc/polybench/3mm.c --function kernel_3mm --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

static void init_array(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk), DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NM, nj, nm), DATA_TYPE POLYBENCH_2D(D, NM, NL, nm, nl))
{
    int i, j;

    for (i = 0; i < ni; i++)
        for (j = 0; j < nk; j++)
            A[i][j] = (DATA_TYPE) ((i * j + 1) % ni) / (5 * ni);
    for (i = 0; i < nk; i++)
        for (j = 0; j < nj; j++)
            B[i][j] = (DATA_TYPE) ((i * (j + 1) + 2) % nj) / (5 * nj);
    for (i = 0; i < nj; i++)
        for (j = 0; j < nm; j++)
            C[i][j] = (DATA_TYPE) (i * (j + 3) % nl) / (5 * nl);
    for (i = 0; i < nm; i++)
        for (j = 0; j < nl; j++)
            D[i][j] = (DATA_TYPE) ((i * (j + 2) + 2) % nk) / (5 * nk);
}

static void print_array(int ni, int nl, DATA_TYPE POLYBENCH_2D(G, NI, NL, ni, nl))
{
    int i, j;

    for (i = 0; i < ni; i++)
        for (j = 0; j < nl; j++) {
            if ((i * ni + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, G[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(G : A, B, C, D)
static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE POLYBENCH_2D(E, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk), DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(F, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NM, nj, nm), DATA_TYPE POLYBENCH_2D(D, NM, NL, nm, nl),
                       DATA_TYPE POLYBENCH_2D(G, NI, NL, ni, nl))
{
    int i, j, k;

#pragma scop
    /* E := A*B */
#pragma omp parallel for private(j, k)
    for (i = 0; i < _PB_NI; i++)
        for (j = 0; j < _PB_NJ; j++) {
            E[i][j] = SCALAR_VAL(0.0);
            for (k = 0; k < _PB_NK; ++k)
                E[i][j] += A[i][k] * B[k][j];
        }
    /* F := C*D */
#pragma omp parallel for private(j, k)
    for (i = 0; i < _PB_NJ; i++)
        for (j = 0; j < _PB_NL; j++) {
            F[i][j] = SCALAR_VAL(0.0);
            for (k = 0; k < _PB_NM; ++k)
                F[i][j] += C[i][k] * D[k][j];
        }
    /* G := E*F */
#pragma omp parallel for private(j, k)
    for (i = 0; i < _PB_NI; i++)
        for (j = 0; j < _PB_NL; j++) {
            G[i][j] = SCALAR_VAL(0.0);
            for (k = 0; k < _PB_NJ; ++k)
                G[i][j] += E[i][k] * F[k][j];
        }
#pragma endscop
}

int main(void)
{
    int ni = NI, nj = NJ, nk = NK, nl = NL, nm = NM;
    DATA_TYPE (*E)[nj] = malloc(sizeof(DATA_TYPE[ni][nj]));
    DATA_TYPE (*A)[nk] = malloc(sizeof(DATA_TYPE[ni][nk]));
    DATA_TYPE (*B)[nj] = malloc(sizeof(DATA_TYPE[nk][nj]));
    DATA_TYPE (*F)[nl] = malloc(sizeof(DATA_TYPE[nj][nl]));
    DATA_TYPE (*C)[nm] = malloc(sizeof(DATA_TYPE[nj][nm]));
    DATA_TYPE (*D)[nl] = malloc(sizeof(DATA_TYPE[nm][nl]));
    DATA_TYPE (*G)[nl] = malloc(sizeof(DATA_TYPE[ni][nl]));

    init_array(ni, nj, nk, nl, nm, A, B, C, D);
    kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
    print_array(ni, nl, G);
    free(E);
    free(A);
    free(B);
    free(F);
    free(C);
    free(D);
    free(G);
    return 0;
}
