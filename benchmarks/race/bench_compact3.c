/* Timing driver of the compact3 adjoints: proven (race analysis, no atomics), all-atomic,
 * reduction (no analysis, reduction(+: uoldbr[:n])) and serial (the loop without its OpenMP
 * pragma). Usage: bench_compact3 [N [SWEEPS [VARIANT...]]]; prints one line per variant. */
#include "bench.h"

#include "generated/compact3_b.c"
#include "generated/compact3_ba.c"
#include "generated/compact3_br.c"
#include "generated/compact3_bs.c"

typedef void (*adjoint_fn)(int, double *, double *, const double *, double *, double, double, double);

static const char *const names[] = {"proven", "all-atomic", "reduction", "serial"};
static const adjoint_fn fns[] = {compact3_b, compact3_ba, compact3_br, compact3_bs};
static int n;
static double *unew, *unewb, *uold, *uoldb;

static void reset(int v)
{
    (void) v;
    bench_fill(unew, n, 0.5, 1.5, 2);
    bench_fill(unewb, n, -1.0, 1.0, 3);
    memset(uoldb, 0, sizeof(double) * (size_t) n);
}

static void sweep(int v)
{
    fns[v](n, unew, unewb, uold, uoldb, 0.25, 0.5, 0.25);
}

static double checksum(void)
{
    return bench_sum(uoldb, n);
}

int main(int argc, char **argv)
{
    n = argc > 1 ? atoi(argv[1]) : 1000000;
    int sweeps = argc > 2 ? atoi(argv[2]) : 400;
    unew = bench_alloc((size_t) n, sizeof(double));
    unewb = bench_alloc((size_t) n, sizeof(double));
    uold = bench_alloc((size_t) n, sizeof(double));
    uoldb = bench_alloc((size_t) n, sizeof(double));
    bench_fill(uold, n, 0.5, 1.5, 1);
    bench_kernel k = {"compact3", n, 4, names, reset, sweep, checksum};
    bench_run(&k, sweeps, argc, argv);
    return 0;
}
