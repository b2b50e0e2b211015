/* deriche: Deriche's recursive edge-detection filter, a causal and an anti-causal first-order
 * recursion along each row, then along each column. The recursions of different rows (columns)
 * are independent: parallel over them, the recursion state in private scalars. The filter's
 * coefficients follow from alpha through exp and pow.
 *   paradjoint check examples/realc/polybench/deriche.c --function kernel_deriche --set w=8 --set h=6 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

#define W 8
#define H 6

static void init_array(int w, int h, DATA_TYPE *alpha, DATA_TYPE POLYBENCH_2D(imgIn, W, H, w, h))
{
    int i, j;

    *alpha = 0.25;
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
            imgIn[i][j] = (DATA_TYPE) ((313 * i + 991 * j) % 65536) / SCALAR_VAL(65535.0);
}

static void print_array(int w, int h, DATA_TYPE POLYBENCH_2D(imgOut, W, H, w, h))
{
    int i, j;

    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++) {
            if ((i * h + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, imgOut[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(imgOut : imgIn, alpha)
static void kernel_deriche(int w, int h, DATA_TYPE alpha, DATA_TYPE POLYBENCH_2D(imgIn, W, H, w, h),
                           DATA_TYPE POLYBENCH_2D(imgOut, W, H, w, h), DATA_TYPE POLYBENCH_2D(y1, W, H, w, h),
                           DATA_TYPE POLYBENCH_2D(y2, W, H, w, h))
{
    int i, j;
    DATA_TYPE xm1, tm1, ym1, ym2;
    DATA_TYPE xp1, xp2;
    DATA_TYPE tp1, tp2;
    DATA_TYPE yp1, yp2;

    DATA_TYPE k;
    DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
    DATA_TYPE b1, b2, c1, c2;

#pragma scop
    k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))
        / (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
    a1 = a5 = k;
    a2 = a6 = k * EXP_FUN(-alpha) * (alpha - SCALAR_VAL(1.0));
    a3 = a7 = k * EXP_FUN(-alpha) * (alpha + SCALAR_VAL(1.0));
    a4 = a8 = -k * EXP_FUN(SCALAR_VAL(-2.0) * alpha);
    b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
    b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
    c1 = c2 = 1;

    /* along the rows, forwards and backwards */
#pragma omp parallel for private(j, ym1, ym2, xm1)
    for (i = 0; i < w; i++) {
        ym1 = SCALAR_VAL(0.0);
        ym2 = SCALAR_VAL(0.0);
        xm1 = SCALAR_VAL(0.0);
        for (j = 0; j < h; j++) {
            y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
            xm1 = imgIn[i][j];
            ym2 = ym1;
            ym1 = y1[i][j];
        }
    }
#pragma omp parallel for private(j, yp1, yp2, xp1, xp2)
    for (i = 0; i < w; i++) {
        yp1 = SCALAR_VAL(0.0);
        yp2 = SCALAR_VAL(0.0);
        xp1 = SCALAR_VAL(0.0);
        xp2 = SCALAR_VAL(0.0);
        for (j = h - 1; j >= 0; j--) {
            y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
            xp2 = xp1;
            xp1 = imgIn[i][j];
            yp2 = yp1;
            yp1 = y2[i][j];
        }
    }
#pragma omp parallel for private(j)
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
            imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

    /* along the columns, forwards and backwards */
#pragma omp parallel for private(i, tm1, ym1, ym2)
    for (j = 0; j < h; j++) {
        tm1 = SCALAR_VAL(0.0);
        ym1 = SCALAR_VAL(0.0);
        ym2 = SCALAR_VAL(0.0);
        for (i = 0; i < w; i++) {
            y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
            tm1 = imgOut[i][j];
            ym2 = ym1;
            ym1 = y1[i][j];
        }
    }
#pragma omp parallel for private(i, tp1, tp2, yp1, yp2)
    for (j = 0; j < h; j++) {
        tp1 = SCALAR_VAL(0.0);
        tp2 = SCALAR_VAL(0.0);
        yp1 = SCALAR_VAL(0.0);
        yp2 = SCALAR_VAL(0.0);
        for (i = w - 1; i >= 0; i--) {
            y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
            tp2 = tp1;
            tp1 = imgOut[i][j];
            yp2 = yp1;
            yp1 = y2[i][j];
        }
    }
#pragma omp parallel for private(j)
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
            imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
#pragma endscop
}

int main(void)
{
    int w = W, h = H;
    DATA_TYPE alpha;
    DATA_TYPE (*imgIn)[h] = malloc(sizeof(DATA_TYPE[w][h]));
    DATA_TYPE (*imgOut)[h] = malloc(sizeof(DATA_TYPE[w][h]));
    DATA_TYPE (*y1)[h] = malloc(sizeof(DATA_TYPE[w][h]));
    DATA_TYPE (*y2)[h] = malloc(sizeof(DATA_TYPE[w][h]));

    init_array(w, h, &alpha, imgIn);
    kernel_deriche(w, h, alpha, imgIn, imgOut, y1, y2);
    print_array(w, h, imgOut);
    free(imgIn);
    free(imgOut);
    free(y1);
    free(y2);
    return 0;
}
