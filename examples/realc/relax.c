/* A PolyBench-4.2-style solver file, differentiated as it is: the kernel among the functions
 * that initialise and print its arrays, its sizes, stopping rule, element type and helper from
 * "relax.h". The kernel uses the control flow real solvers use: an early return, a convergence
 * loop (while), continue, a do-while loop left by break, and reports on stderr when it gives up
 * (the tangent keeps that report, the adjoint drops it).
 *   paradjoint check examples/realc/relax.c --function kernel_relax --set n=20 --run */
#include <stdio.h>
#include <math.h>

#include "relax.h"

void init_array(int n, DATA_TYPE u[N], DATA_TYPE f[N])
{
    for (int i = 0; i < n; i++) {
        u[i] = (DATA_TYPE) (i % 5) / n;
        f[i] = (DATA_TYPE) (i + 1) / n;
    }
}

void print_array(int n, DATA_TYPE u[N])
{
    for (int i = 0; i < n; i++) {
        if (i % 20 == 0)
            fprintf(stderr, "\n");
        fprintf(stderr, "%0.4lf ", u[i]);
    }
    fprintf(stderr, "\n");
}

/* Relaxes u towards the solution of a nonlinear diffusion problem until a sweep changes it by
 * less than TOLERANCE (at most MAX_SWEEPS sweeps), leaving every FIXED_EVERY-th cell fixed; then
 * blends the source into u from the left up to the first negative cell. */
#pragma ad gradient(u : f)
void kernel_relax(int n, DATA_TYPE u[N], const DATA_TYPE f[N])
{
    if (n < 3)
        return;
    DATA_TYPE change = 1.0;
    int sweep = 0;
    while (change > TOLERANCE && sweep < MAX_SWEEPS) {
        change = 0.0;
        for (int i = 1; i < n - 1; i++) {
            if (i % FIXED_EVERY == 0)
                continue;
            DATA_TYPE v = 0.5 * (u[i - 1] + u[i + 1]) + 0.1 * f[i] * damping(u[i]);
            change += fabs(v - u[i]);
            u[i] = v;
        }
        sweep++;
    }
    if (sweep == MAX_SWEEPS)
        fprintf(stderr, "kernel_relax: no convergence after %d sweeps (change %g)\n", sweep, change);
    int i = 0;
    do {
        if (u[i] < 0.0)
            break;
        u[i] = 0.9 * u[i] + 0.1 * f[i] * f[i];
        i++;
    } while (i < n);
}
