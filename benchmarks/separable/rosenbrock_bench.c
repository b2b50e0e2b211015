/* Chained Rosenbrock gradient benchmark: the hand-written analytic gradient against the sparse gradient
 * by partial separability (colouring fixed by the generator), as torsion_bench.c measures torsion:
 * the calling thread's CPU time, each measurement repeated until 0.2 s have elapsed, analytic and
 * sparse back to back in every trial, minimum and median over the trials.
 *
 * usage: rosenbrock_bench N [TRIALS]       (prints one line of key=value pairs) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rosenbrock_ps.h"

void rosenbrock_grad_analytic(int n, const double *x, double *g);

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double d = *(const double *) a - *(const double *) b;
    return (d > 0) - (d < 0);
}

static int n;
static double fval, *x, *g;

static void call(int sparse)
{
    if (sparse) {
        memset(g, 0, (size_t) n * sizeof *g); /* f_grad_ps increments, the analytic gradient overwrites */
        rosenbrock_f_grad_ps(n, x, g, &fval);
    } else {
        rosenbrock_grad_analytic(n, x, g);
    }
}

static double timed(int sparse, long *reps)
{
    long r = 0;
    double t0 = cpu(), t;
    do {
        call(sparse);
        r++;
        t = cpu() - t0;
    } while (t < 0.2);
    *reps = r;
    return t / (double) r;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [TRIALS]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    int trials = argc > 2 ? atoi(argv[2]) : 7;
    x = malloc((size_t) n * sizeof *x);
    g = malloc((size_t) n * sizeof *g);
    double *ref = malloc((size_t) n * sizeof *ref);
    for (int i = 0; i < n; i++) {
        x[i] = 1.0 + 0.5 * sin(0.3 * i);
    }
    rosenbrock_grad_analytic(n, x, ref);
    double sec[PA_PS_PHASES];
    double t0 = cpu();
    call(1);
    double first = cpu() - t0;
    rosenbrock_f_grad_ps_timings(sec);
    double e = 0.0, s = 0.0;
    for (int i = 0; i < n; i++) {
        e = fmax(e, fabs(g[i] - ref[i]));
        s = fmax(s, fabs(ref[i]));
    }
    /* no plan when the sweep adds every iteration's derivatives to the gradient directly */
    const pa_ps_plan *plan = rosenbrock_f_grad_ps_plan();
    printf("n=%d colors=%d first_call=%.4e pattern=%.4e coloring=%.4e err_sparse=%.2e", n,
           plan == NULL ? 0 : plan->ncolors, first, sec[PA_PS_PATTERN], sec[PA_PS_COLORING], e / s);
    double ta[64], ts[64], ratio[64], sweep[64], assembly[64];
    long reps;
    for (int k = 0; k < trials && k < 64; k++) {
        ta[k] = timed(0, &reps);
        rosenbrock_f_grad_ps_timings(sec);
        ts[k] = timed(1, &reps);
        rosenbrock_f_grad_ps_timings(sec);
        sweep[k] = sec[PA_PS_SWEEP] / (double) reps;
        assembly[k] = sec[PA_PS_ASSEMBLY] / (double) reps;
        ratio[k] = ts[k] / ta[k];
    }
    qsort(ta, (size_t) trials, sizeof(double), cmp);
    qsort(ts, (size_t) trials, sizeof(double), cmp);
    qsort(ratio, (size_t) trials, sizeof(double), cmp);
    qsort(sweep, (size_t) trials, sizeof(double), cmp);
    qsort(assembly, (size_t) trials, sizeof(double), cmp);
    printf(" analytic=%.4e sparse=%.4e ratio_min=%.3f ratio_median=%.3f sweep=%.4e assembly=%.4e\n", ta[0], ts[0],
           ts[0] / ta[0], ratio[trials / 2], sweep[0], assembly[0]);
    rosenbrock_f_grad_ps_release();
    free(x);
    free(g);
    free(ref);
    return 0;
}
