/* Driver of the checkpointing benchmark: one variant per process.
     bench VARIANT N NT REPS
   VARIANT is primal or an adjoint (taped, s2, s4, ..., default). Prints the minimum time of REPS
   calls (inputs and seeds reset outside the timed region), the peak resident set (getrusage
   ru_maxrss) of the process, and for an adjoint the largest difference from the taped adjoint
   relative to its largest magnitude (computed after the timing, in the same process). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "generated/burgers_taped.c"
#include "generated/burgers_taped_b.c"
#include "generated/burgers_s2_b.c"
#include "generated/burgers_s4_b.c"
#include "generated/burgers_s8_b.c"
#include "generated/burgers_s16_b.c"
#include "generated/burgers_s32_b.c"
#include "generated/burgers_default_b.c"

typedef void (*adjoint)(int, int, double, double *, double *, double *, double *);

static const struct {
    const char *name;
    adjoint f;
} VARIANTS[] = {
    {"taped", (adjoint) burgers_taped_b}, {"s2", (adjoint) burgers_s2_b}, {"s4", (adjoint) burgers_s4_b},
    {"s8", (adjoint) burgers_s8_b}, {"s16", (adjoint) burgers_s16_b}, {"s32", (adjoint) burgers_s32_b},
    {"default", (adjoint) burgers_default_b},
    /* the unannotated kernel again, run with a tape budget (PARADJOINT_TAPE_BUDGET = BENCH_BUDGET) */
    {"budget", (adjoint) burgers_taped_b},
};

static void reset(int n, double *u, double *w, double *ub, double *wb)
{
    int k;
    for (k = 0; k < n; k++) {
        u[k] = 0.5 + 0.25 * sin(0.001 * k);
        w[k] = 0.0;
        ub[k] = cos(0.003 * k);
        wb[k] = 0.0;
    }
}

int main(int argc, char **argv)
{
    const char *variant = argv[1];
    int n = atoi(argv[2]), nt = atoi(argv[3]), reps = atoi(argv[4]), r, k;
    double dt = 0.05, best = 1e300, diff = 0.0, scale = 0.0;
    double *u = malloc(n * sizeof(double)), *w = malloc(n * sizeof(double));
    double *ub = malloc(n * sizeof(double)), *wb = malloc(n * sizeof(double));
    adjoint f = NULL;
    struct rusage ru;
    if (argc != 5 || u == NULL || w == NULL || ub == NULL || wb == NULL) {
        return 2;
    }
    for (k = 0; k < (int) (sizeof VARIANTS / sizeof VARIANTS[0]); k++) {
        if (strcmp(VARIANTS[k].name, variant) == 0) {
            f = VARIANTS[k].f;
        }
    }
    if (f == NULL && strcmp(variant, "primal") != 0) {
        fprintf(stderr, "unknown variant %s\n", variant);
        return 2;
    }
    if (strcmp(variant, "budget") == 0) {
        setenv("PARADJOINT_TAPE_BUDGET", getenv("BENCH_BUDGET") != NULL ? getenv("BENCH_BUDGET") : "64M", 1);
    }
    for (r = 0; r < reps; r++) {
        double t0;
        reset(n, u, w, ub, wb);
        t0 = omp_get_wtime();
        if (f == NULL) {
            burgers_taped(n, nt, dt, u, w);
        } else {
            f(n, nt, dt, u, ub, w, wb);
        }
        t0 = omp_get_wtime() - t0;
        if (t0 < best) {
            best = t0;
        }
    }
    getrusage(RUSAGE_SELF, &ru);
    unsetenv("PARADJOINT_TAPE_BUDGET"); /* the reference below tapes every step */
    if (f != NULL) {
        double *u2 = malloc(n * sizeof(double)), *w2 = malloc(n * sizeof(double));
        double *ub2 = malloc(n * sizeof(double)), *wb2 = malloc(n * sizeof(double));
        reset(n, u2, w2, ub2, wb2);
        burgers_taped_b(n, nt, dt, u2, ub2, w2, wb2);
        for (k = 0; k < n; k++) {
            scale = fmax(scale, fmax(fabs(ub2[k]), fabs(wb2[k])));
            diff = fmax(diff, fmax(fabs(ub[k] - ub2[k]), fabs(wb[k] - wb2[k])));
        }
        free(u2);
        free(w2);
        free(ub2);
        free(wb2);
    }
    printf("variant=%s threads=%d n=%d nt=%d ms=%.1f maxrss_kb=%ld reldiff=%.2e budget=%s\n", variant,
           omp_get_max_threads(), n, nt, 1e3 * best, ru.ru_maxrss, scale > 0 ? diff / scale : 0.0,
           strcmp(variant, "budget") == 0 && getenv("BENCH_BUDGET") != NULL ? getenv("BENCH_BUDGET") : "64M");
    free(u);
    free(w);
    free(ub);
    free(wb);
    return 0;
}
