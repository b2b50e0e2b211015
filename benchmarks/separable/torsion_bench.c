/* Torsion gradient benchmark: hand-written analytic gradient, sparse gradient by partial
 * separability (total and per phase), dense vector forward mode (n directions), reverse mode of
 * the foundation, and the storage of the elemental Jacobian, dense against compressed.
 *
 * Times are the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), single-threaded runs: on a
 * shared machine they are far steadier than wall-clock time. Each measurement repeats the call
 * until at least 0.2 s have elapsed; a trial measures analytic and sparse back to back, and the
 * minimum and the median over the trials are reported.
 *
 * usage: torsion_bench NX [TRIALS] [DENSE_LIMIT_S]       (prints one line of key=value pairs) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "torsion_ps.h"

void torsion_f(int nx, int ny, const double *x, double c, double *f);
void torsion_grad_analytic(int nx, int ny, const double *x, double c, double *g);
void torsion_f_b(int nx, int ny, const double *x, double *xb, double c, double *f, double *fb);

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

enum { ANALYTIC, SPARSE, REVERSE, KINDS };

static int nx, ny, n;
static double c = 5.0, fval, *x, *g;

static void call(int kind)
{
    double fb = 1.0;
    switch (kind) {
    case ANALYTIC:
        torsion_grad_analytic(nx, ny, x, c, g);
        break;
    case SPARSE:
        memset(g, 0, (size_t) n * sizeof *g); /* f_grad_ps increments, the analytic gradient overwrites */
        torsion_f_grad_ps(nx, ny, x, g, c, &fval);
        break;
    default:
        memset(g, 0, (size_t) n * sizeof *g);
        torsion_f_b(nx, ny, x, g, c, &fval, &fb);
        break;
    }
}

/* seconds per call: repeats until 0.2 s of CPU time */
static double timed(int kind, long *reps)
{
    long r = 0;
    double t0 = cpu(), t;
    do {
        call(kind);
        r++;
        t = cpu() - t0;
    } while (t < 0.2);
    *reps = r;
    return t / (double) r;
}

static double relerr(const double *a, const double *b)
{
    double e = 0.0, s = 0.0;
    for (int i = 0; i < n; i++) {
        e = fmax(e, fabs(a[i] - b[i]));
        s = fmax(s, fabs(b[i]));
    }
    return e / s;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s NX [TRIALS] [DENSE_LIMIT_S]\n", argv[0]);
        return 2;
    }
    nx = ny = atoi(argv[1]);
    n = nx * ny;
    int trials = argc > 2 ? atoi(argv[2]) : 7;
    double dense_limit = argc > 3 ? atof(argv[3]) : 60.0;
    x = malloc((size_t) n * sizeof *x);
    g = malloc((size_t) n * sizeof *g);
    double *ref = malloc((size_t) n * sizeof *ref);
    srand(1);
    for (int i = 0; i < n; i++) {
        x[i] = (double) rand() / RAND_MAX - 0.25;
    }
    torsion_grad_analytic(nx, ny, x, c, ref);

    /* first sparse call: pattern detection and colouring happen once */
    double sec[PA_PS_PHASES];
    double t0 = cpu();
    call(SPARSE);
    double first = cpu() - t0;
    torsion_f_grad_ps_timings(sec);
    double err_sparse = relerr(g, ref);
    /* no plan when the sweep adds every iteration's derivatives to the gradient directly */
    const pa_ps_plan *plan = torsion_f_grad_ps_plan();
    if (plan != NULL) {
        printf("n=%d rows=%d nnz=%ld colors=%d first_call=%.4e pattern=%.4e coloring=%.4e", n, plan->rows,
               plan->nnz, plan->ncolors, first, sec[PA_PS_PATTERN], sec[PA_PS_COLORING]);
    } else {
        printf("n=%d direct first_call=%.4e", n, first);
    }

    double t[KINDS][64], ratio[64], ph_sweep[64], ph_asm[64];
    long reps;
    for (int k = 0; k < trials && k < 64; k++) {
        t[ANALYTIC][k] = timed(ANALYTIC, &reps);
        torsion_f_grad_ps_timings(sec);
        t[SPARSE][k] = timed(SPARSE, &reps);
        torsion_f_grad_ps_timings(sec);
        ph_sweep[k] = sec[PA_PS_SWEEP] / (double) reps;
        ph_asm[k] = sec[PA_PS_ASSEMBLY] / (double) reps;
        ratio[k] = t[SPARSE][k] / t[ANALYTIC][k];
    }
    t[REVERSE][0] = timed(REVERSE, &reps);
    double err_reverse = relerr(g, ref);
    qsort(t[ANALYTIC], (size_t) trials, sizeof(double), cmp);
    qsort(t[SPARSE], (size_t) trials, sizeof(double), cmp);
    qsort(ratio, (size_t) trials, sizeof(double), cmp);
    qsort(ph_sweep, (size_t) trials, sizeof(double), cmp);
    qsort(ph_asm, (size_t) trials, sizeof(double), cmp);
    printf(" analytic=%.4e sparse=%.4e ratio_min=%.3f ratio_median=%.3f sweep=%.4e assembly=%.4e reverse=%.4e"
           " err_sparse=%.2e err_reverse=%.2e",
           t[ANALYTIC][0], t[SPARSE][0], t[SPARSE][0] / t[ANALYTIC][0], ratio[trials / 2], ph_sweep[0], ph_asm[0],
           t[REVERSE][0], err_sparse, err_reverse);

    if (plan == NULL) { /* storage and dense mode: see the compressed variant */
        printf("\n");
        return 0;
    }
    /* storage of the elemental Jacobian: dense rows x n against compressed rows x p (+ the plan's index arrays) */
    double dense_bytes = (double) plan->rows * (double) n * 8.0;
    double compressed_bytes = (double) plan->rows * plan->ncolors * 8.0;
    double plan_bytes = compressed_bytes + 4.0 * (2.0 * (double) plan->nnz + plan->rows + 1.0 + n + 1.0 + n);
    printf(" dense_bytes=%.4e compressed_bytes=%.4e plan_bytes=%.4e", dense_bytes, compressed_bytes, plan_bytes);

    /* dense vector forward mode: only where its memory fits and its predicted time stays under the limit
     * (the cost grows as n^2: predicted from the sparse sweep scaled by n / p) */
    double predicted = ph_sweep[0] * (double) n / plan->ncolors;
    if (dense_limit <= 0.0) {
        printf(" dense=not-run");
    } else if (dense_bytes > 8e9) {
        printf(" dense=skipped(memory:%.1fGB)", dense_bytes / 1e9);
    } else if (predicted > dense_limit) {
        printf(" dense=skipped(predicted:%.0fs)", predicted);
    } else {
        double *gd = calloc((size_t) n, sizeof *gd);
        torsion_f_grad_dense(nx, ny, x, gd, c, &fval); /* pattern, identity seed */
        torsion_f_grad_dense_timings(sec);
        memset(gd, 0, (size_t) n * sizeof *gd);
        t0 = cpu();
        torsion_f_grad_dense(nx, ny, x, gd, c, &fval);
        double td = cpu() - t0;
        torsion_f_grad_dense_timings(sec);
        printf(" dense=%.4e dense_sweep=%.4e err_dense=%.2e", td, sec[PA_PS_SWEEP], relerr(gd, ref));
        torsion_f_grad_dense_release();
        free(gd);
    }
    printf("\n");
    torsion_f_grad_ps_release();
    free(x);
    free(g);
    free(ref);
    return 0;
}
