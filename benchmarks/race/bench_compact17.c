/* Timing driver of the compact17 adjoints; variants as in bench_compact3.c.
 * Usage: bench_compact17 [N [SWEEPS [VARIANT...]]]. */
#include "bench.h"

#include "generated/compact17_b.c"
#include "generated/compact17_ba.c"
#include "generated/compact17_br.c"
#include "generated/compact17_bs.c"

typedef void (*adjoint_fn)(int, double *, double *, const double *, double *, const double (*)[9]);

static const char *const names[] = {"proven", "all-atomic", "reduction", "serial"};
static const adjoint_fn fns[] = {compact17_b, compact17_ba, compact17_br, compact17_bs};
static int n;
static double *unew, *unewb, *uold, *uoldb;
static double w[9][9];

static void reset(int v)
{
    (void) v;
    bench_fill(unew, n, 0.5, 1.5, 2);
    bench_fill(unewb, n, -1.0, 1.0, 3);
    memset(uoldb, 0, sizeof(double) * (size_t) n);
}

static void sweep(int v)
{
    fns[v](n, unew, unewb, uold, uoldb, (const double (*)[9]) w);
}

static double checksum(void)
{
    return bench_sum(uoldb, n);
}

int main(int argc, char **argv)
{
    n = argc > 1 ? atoi(argv[1]) : 1000000;
    int sweeps = argc > 2 ? atoi(argv[2]) : 12;
    unew = bench_alloc((size_t) n, sizeof(double));
    unewb = bench_alloc((size_t) n, sizeof(double));
    uold = bench_alloc((size_t) n, sizeof(double));
    uoldb = bench_alloc((size_t) n, sizeof(double));
    bench_fill(&w[0][0], 81, -0.1, 0.1, 4);
    bench_fill(uold, n, 0.5, 1.5, 1);
    bench_kernel k = {"compact17", n, 4, names, reset, sweep, checksum};
    bench_run(&k, sweeps, argc, argv);
    return 0;
}
