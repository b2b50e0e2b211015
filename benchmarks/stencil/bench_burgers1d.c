/* Timing driver of the burgers1d adjoints (benchmarks/stencil/run.sh builds and runs it); the
 * variants and their files are those of bench_wave3d.c, for burgers1d. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../examples/stencil/burgers1d.c"
#include "out/burgers1d_b.c"
#include "out/burgers1d_bgd.c"
#include "out/burgers1d_bc.c"
#include "out/burgers1d_bser.c"

#ifndef N
#define N 100000000
#endif
#ifndef REPS
#define REPS 5
#endif

static double *alloc(void)
{
    double *a = aligned_alloc(64, sizeof(double) * (size_t) N);
    if (a == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return a;
}

/* values of both signs, so that both branches of fmax/fmin are taken */
static void fill(double *a, double scale)
{
#pragma omp parallel for schedule(static)
    for (long k = 0; k < N; k++) {
        a[k] = scale * ((double) ((k * 2654435761u) % 1000) / 500.0 - 1.0);
    }
}

int main(void)
{
    int n = N;
    double C = 0.4, D = 0.1;
    double *u = alloc(), *u1 = alloc(), *ub = alloc(), *u1b = alloc();
    fill(u, 1.0); fill(u1, 1.0); fill(ub, 1.0); fill(u1b, 0.0);
    const char *names[] = {"primal", "stencil adjoint (split)", "stencil adjoint (guarded)",
                           "conventional adjoint, atomics", "conventional adjoint, serial"};
    double sum = 0.0, best[5];
    printf("burgers1d n=%d threads=%d reps=%d\n", n, omp_get_max_threads(), REPS);
    for (int v = 0; v < 5; v++) {
        best[v] = 1e30;
    }
    /* the variants take turns, so that a busy machine slows them alike */
    for (int r = 0; r < REPS; r++) {
        for (int v = 0; v < 5; v++) {
            fill(ub, 1.0);
            double t0 = omp_get_wtime();
            switch (v) {
            case 0: burgers1d(n, C, D, u, u1); break;
            case 1: burgers1d_b(n, C, D, u, ub, u1, u1b); break;
            case 2: burgers1d_bgd(n, C, D, u, ub, u1, u1b); break;
            case 3: burgers1d_bc(n, C, D, u, ub, u1, u1b); break;
            default: burgers1d_bser(n, C, D, u, ub, u1, u1b); break;
            }
            double t = omp_get_wtime() - t0;
            best[v] = t < best[v] ? t : best[v];
            sum += u[n / 2] + u1b[n / 3];
        }
    }
    for (int v = 0; v < 5; v++) {
        printf("%-32s %.4f s\n", names[v], best[v]);
    }
    printf("ratios: split/primal %.2f, guarded/primal %.2f, split/serial conventional %.2f, "
           "atomic conventional/split %.2f\n", best[1] / best[0], best[2] / best[0], best[1] / best[4],
           best[3] / best[1]);
    printf("(checksum %g)\n", sum);
    return 0;
}
