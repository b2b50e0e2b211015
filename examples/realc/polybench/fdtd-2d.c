/* fdtd-2d: tmax steps of the 2-D finite-difference time-domain method (Yee grid): the electric
 * fields ex, ey from the magnetic field hz and back, a source _fict_[t] on the first row.
 *   paradjoint check examples/realc/polybench/fdtd-2d.c --function kernel_fdtd_2d --set tmax=3 --run */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "polybench_local.h"

#define NX 10
#define NY 12

static void init_array(int tmax, int nx, int ny, DATA_TYPE POLYBENCH_2D(ex, NX, NY, nx, ny),
                       DATA_TYPE POLYBENCH_2D(ey, NX, NY, nx, ny), DATA_TYPE POLYBENCH_2D(hz, NX, NY, nx, ny),
                       DATA_TYPE POLYBENCH_1D(_fict_, TSTEPS, tmax))
{
    int i, j;

    for (i = 0; i < tmax; i++)
        _fict_[i] = (DATA_TYPE) i;
    for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
            ex[i][j] = ((DATA_TYPE) i * (j + 1)) / nx;
            ey[i][j] = ((DATA_TYPE) i * (j + 2)) / ny;
            hz[i][j] = ((DATA_TYPE) i * (j + 3)) / nx;
        }
}

static void print_array(int nx, int ny, DATA_TYPE POLYBENCH_2D(hz, NX, NY, nx, ny))
{
    int i, j;

    for (i = 0; i < nx; i++)
        for (j = 0; j < ny; j++) {
            if ((i * nx + j) % 20 == 0)
                fprintf(stderr, "\n");
            fprintf(stderr, DATA_PRINTF_MODIFIER, hz[i][j]);
        }
    fprintf(stderr, "\n");
}

#pragma ad gradient(ex, ey, hz : ex, ey, hz, _fict_)
static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE POLYBENCH_2D(ex, NX, NY, nx, ny),
                           DATA_TYPE POLYBENCH_2D(ey, NX, NY, nx, ny), DATA_TYPE POLYBENCH_2D(hz, NX, NY, nx, ny),
                           DATA_TYPE POLYBENCH_1D(_fict_, TSTEPS, tmax))
{
    int t, i, j;

#pragma scop
    for (t = 0; t < tmax; t++) {
#pragma omp parallel for
        for (j = 0; j < ny; j++)
            ey[0][j] = _fict_[t];
#pragma omp parallel for private(j)
        for (i = 1; i < nx; i++)
            for (j = 0; j < ny; j++)
                ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
#pragma omp parallel for private(j)
        for (i = 0; i < nx; i++)
            for (j = 1; j < ny; j++)
                ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
#pragma omp parallel for private(j)
        for (i = 0; i < nx - 1; i++)
            for (j = 0; j < ny - 1; j++)
                hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
#pragma endscop
}

int main(void)
{
    int tmax = TSTEPS, nx = NX, ny = NY;
    DATA_TYPE (*ex)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
    DATA_TYPE (*ey)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
    DATA_TYPE (*hz)[ny] = malloc(sizeof(DATA_TYPE[nx][ny]));
    DATA_TYPE *_fict_ = malloc(sizeof(DATA_TYPE[tmax]));

    init_array(tmax, nx, ny, ex, ey, hz, _fict_);
    kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, _fict_);
    print_array(nx, ny, hz);
    free(ex);
    free(ey);
    free(hz);
    free(_fict_);
    return 0;
}
