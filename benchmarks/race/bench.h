/* Shared helpers of the race-benchmark drivers (benchmarks/race/run.sh builds and runs them). */
#ifndef RACE_BENCH_H
#define RACE_BENCH_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each variant is timed RUNS times over all its sweeps; the minimum is reported. */
#define RUNS 5

static inline void *bench_alloc(size_t count, size_t size)
{
    void *p = calloc(count, size);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* Deterministic values in [lo, hi) (a 64-bit LCG), the same for every variant. */
static inline void bench_fill(double *a, long n, double lo, double hi, unsigned long long seed)
{
    unsigned long long s = seed;
    for (long k = 0; k < n; k++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        a[k] = lo + (hi - lo) * (double) (s >> 11) / 9007199254740992.0;
    }
}

static inline double bench_sum(const double *a, long n)
{
    double s = 0.0;
    for (long k = 0; k < n; k++) {
        s += a[k];
    }
    return s;
}

/* True when variant NAME was asked for on the command line (argv[first..]), or none was. */
static inline int bench_wanted(const char *name, int argc, char **argv, int first)
{
    if (argc <= first) {
        return 1;
    }
    for (int k = first; k < argc; k++) {
        if (strcmp(argv[k], name) == 0) {
            return 1;
        }
    }
    return 0;
}

/* What a driver supplies: the number of variants, and for variant v: reset the data, run one
 * sweep, and the checksum of its result. */
typedef struct {
    const char *kernel;
    long n;
    int variants;
    const char *const *names;
    void (*reset)(int v);
    void (*sweep)(int v);
    double (*checksum)(void);
} bench_kernel;

/* Times SWEEPS sweeps of every wanted variant RUNS times. The runs of the variants are interleaved
 * (run 1 of every variant, then run 2, ...), so that a burst of load elsewhere on the machine
 * hits them alike; the minimum per variant is reported. The last variant (serial) runs only with
 * one thread. */
static inline void bench_run(const bench_kernel *k, int sweeps, int argc, char **argv)
{
    double best[16];
    double sum[16];
    int wanted[16];
    for (int v = 0; v < k->variants; v++) {
        best[v] = 1e30;
        wanted[v] = bench_wanted(k->names[v], argc, argv, 3)
                && !(v == k->variants - 1 && omp_get_max_threads() > 1);
    }
    for (int r = 0; r < RUNS; r++) {
        for (int v = 0; v < k->variants; v++) {
            if (!wanted[v]) {
                continue;
            }
            k->reset(v);
            double t0 = omp_get_wtime();
            for (int s = 0; s < sweeps; s++) {
                k->sweep(v);
            }
            double t = omp_get_wtime() - t0;
            best[v] = t < best[v] ? t : best[v];
            sum[v] = k->checksum();
        }
    }
    for (int v = 0; v < k->variants; v++) {
        if (wanted[v]) {
            printf("%s %s threads=%d n=%ld sweeps=%d min_s=%.4f per_sweep_ms=%.4f checksum=%.15e\n", k->kernel,
                   k->names[v], omp_get_max_threads(), k->n, sweeps, best[v], 1e3 * best[v] / sweeps, sum[v]);
        }
    }
    fflush(stdout);
}

#endif
