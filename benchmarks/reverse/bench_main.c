/* Driver of the reverse-mode cost benchmark (benchmarks/reverse/run.sh builds and runs it).
 *
 *   bench_main check KERNEL [S1 [S2]]          hand-written adjoint against the generated one
 *                                              (same input and seed, relative 1e-9) and a
 *                                              dot-product test of both against central finite
 *                                              differences of the primal
 *   bench_main time KERNEL [S1 [S2]]           primal, generated and hand-written adjoint, each
 *                                              the minimum of RUNS runs (runs interleaved)
 *   bench_main mem KERNEL VARIANT [S1 [S2]]    one call of VARIANT (primal, generated, hand) in
 *                                              this process, then its peak resident set (maxRSS)
 *
 * Threads: OMP_NUM_THREADS.  Inputs are deterministic (64-bit LCG).  Resets of inputs and seeds
 * are outside the timed region; the timed region is exactly one call of the function. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "kernels/pointwise.c"
#include "kernels/gemm.c"
#include "kernels/gemver.c"
#include "kernels/2mm.c"
#include "kernels/atax.c"
#include "kernels/bicg.c"
#include "kernels/doitgen.c"
#include "kernels/trmm.c"
#include "kernels/jacobi2d.c"
#include "kernels/heat3d.c"
#include "kernels/floyd.c"

#include "generated/pointwise_b.c"
#include "generated/gemm_b.c"
#include "generated/gemver_b.c"
#include "generated/2mm_b.c"
#include "generated/atax_b.c"
#include "generated/bicg_b.c"
#include "generated/doitgen_b.c"
#include "generated/trmm_b.c"
#include "generated/jacobi2d_b.c"
#include "generated/heat3d_b.c"
#include "generated/floyd_b.c"

#include "hand/pointwise_hand.c"
#include "hand/gemm_hand.c"
#include "hand/gemver_hand.c"
#include "hand/2mm_hand.c"
#include "hand/atax_hand.c"
#include "hand/bicg_hand.c"
#include "hand/doitgen_hand.c"
#include "hand/trmm_hand.c"
#include "hand/jacobi2d_hand.c"
#include "hand/heat3d_hand.c"
#include "hand/floyd_hand.c"

#define RUNS 5
#define MAXARR 12
#define ALPHA 1.5
#define BETA 1.2

/* Roles of an array: independent (its input is differentiated), dependent (its output is seeded),
 * work (a primal work array: neither; its adjoint enters zero). */
enum { IN = 1, OUT = 2, WORK = 4 };

typedef struct {
    const char *name;
    long len;
    int role;
    double lo, hi; /* input values uniform in [lo, hi) */
} arr_desc;

typedef struct {
    const char *name;
    int narr;
    arr_desc arr[MAXARR];
    char size[64];
    void (*primal)(double **v);
    void (*gen)(double **v, double **b);
    void (*hand)(double **v, double **b);
    void (*init)(double **v); /* optional: special inputs, after the uniform fill */
} kernel;

static long S1, S2; /* the size arguments */

/* ---- kernels: sizes, arrays and calls ---- */

#define A_(k) ((void *) v[k])
#define B_(k) ((void *) b[k])

static void pointwise_p(double **v) { pointwise((int) S1, v[0]); }
static void pointwise_g(double **v, double **b) { pointwise_b((int) S1, v[0], b[0]); }
static void pointwise_h(double **v, double **b) { pointwise_hand((int) S1, v[0], b[0]); }

static void gemm_p(double **v) { gemm(S1, S1, S1, ALPHA, BETA, A_(0), A_(1), A_(2)); }
static void gemm_g(double **v, double **b)
{
    gemm_b(S1, S1, S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2));
}
static void gemm_h(double **v, double **b)
{
    gemm_hand(S1, S1, S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2));
}

static void gemver_p(double **v)
{
    gemver(S1, ALPHA, BETA, A_(0), A_(1), A_(2), A_(3), A_(4), A_(5), A_(6), A_(7), A_(8));
}
static void gemver_g(double **v, double **b)
{
    gemver_b(S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3), A_(4), B_(4),
             A_(5), B_(5), A_(6), B_(6), A_(7), B_(7), A_(8), B_(8));
}
static void gemver_h(double **v, double **b)
{
    gemver_hand(S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3), A_(4),
                B_(4), A_(5), B_(5), A_(6), B_(6), A_(7), B_(7), A_(8), B_(8));
}

static void k2mm_p(double **v) { k2mm(S1, S1, S1, S1, ALPHA, BETA, A_(0), A_(1), A_(2), A_(3), A_(4)); }
static void k2mm_g(double **v, double **b)
{
    k2mm_b(S1, S1, S1, S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3),
           A_(4), B_(4));
}
static void k2mm_h(double **v, double **b)
{
    k2mm_hand(S1, S1, S1, S1, ALPHA, BETA, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3),
              A_(4), B_(4));
}

static void atax_p(double **v) { atax(S1, S1, A_(0), A_(1), A_(2), A_(3)); }
static void atax_g(double **v, double **b)
{
    atax_b(S1, S1, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3));
}
static void atax_h(double **v, double **b)
{
    atax_hand(S1, S1, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3));
}

static void bicg_p(double **v) { bicg(S1, S1, A_(0), A_(1), A_(2), A_(3), A_(4)); }
static void bicg_g(double **v, double **b)
{
    bicg_b(S1, S1, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3), A_(4), B_(4));
}
static void bicg_h(double **v, double **b)
{
    bicg_hand(S1, S1, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2), A_(3), B_(3), A_(4), B_(4));
}

static void doitgen_p(double **v) { doitgen(S1, S1, S2, A_(0), A_(1), A_(2)); }
static void doitgen_g(double **v, double **b)
{
    doitgen_b(S1, S1, S2, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2));
}
static void doitgen_h(double **v, double **b)
{
    doitgen_hand(S1, S1, S2, A_(0), B_(0), A_(1), B_(1), A_(2), B_(2));
}

static void trmm_p(double **v) { trmm(S1, S1, ALPHA, A_(0), A_(1)); }
static void trmm_g(double **v, double **b) { trmm_b(S1, S1, ALPHA, A_(0), B_(0), A_(1), B_(1)); }
static void trmm_h(double **v, double **b) { trmm_hand(S1, S1, ALPHA, A_(0), B_(0), A_(1), B_(1)); }

static void jacobi2d_p(double **v) { jacobi2d(S2, S1, A_(0), A_(1)); }
static void jacobi2d_g(double **v, double **b) { jacobi2d_b(S2, S1, A_(0), B_(0), A_(1), B_(1)); }
static void jacobi2d_h(double **v, double **b) { jacobi2d_hand(S2, S1, A_(0), B_(0), A_(1), B_(1)); }

static void heat3d_p(double **v) { heat3d(S2, S1, A_(0), A_(1)); }
static void heat3d_g(double **v, double **b) { heat3d_b(S2, S1, A_(0), B_(0), A_(1), B_(1)); }
static void heat3d_h(double **v, double **b) { heat3d_hand(S2, S1, A_(0), B_(0), A_(1), B_(1)); }

static void floyd_p(double **v) { floyd(S1, A_(0)); }
static void floyd_g(double **v, double **b) { floyd_b(S1, A_(0), B_(0)); }
static void floyd_h(double **v, double **b) { floyd_hand(S1, A_(0), B_(0)); }

/* Weights in [1, 100) off the diagonal and [0.5, 1) on it: a non-negative diagonal (no negative
 * cycle), many improvements by two-edge paths, and no ties. */
static void floyd_init(double **v)
{
    long n = S1;
    for (long i = 0; i < n; i++)
        v[0][i * n + i] = 0.5 + 0.5 * v[0][i * n + i] / 100.0;
}

#define ARR(nm, l, r) { nm, (l), (r), -1.0, 1.0 }

static int setup(kernel *k, const char *name)
{
    long n = S1, n2 = n * n;
    memset(k, 0, sizeof *k);
    k->name = name;
    if (strcmp(name, "pointwise") == 0) {
        if (!S1) n = S1 = 10000000;
        k->narr = 1;
        k->arr[0] = (arr_desc) ARR("x", n, IN | OUT);
        snprintf(k->size, sizeof k->size, "n=%ld", n);
        k->primal = pointwise_p; k->gen = pointwise_g; k->hand = pointwise_h;
    } else if (strcmp(name, "gemm") == 0) {
        if (!S1) n = S1 = 400;
        n2 = n * n;
        k->narr = 3;
        k->arr[0] = (arr_desc) ARR("C", n2, IN | OUT);
        k->arr[1] = (arr_desc) ARR("A", n2, IN);
        k->arr[2] = (arr_desc) ARR("B", n2, IN);
        snprintf(k->size, sizeof k->size, "n=%ld", n);
        k->primal = gemm_p; k->gen = gemm_g; k->hand = gemm_h;
    } else if (strcmp(name, "gemver") == 0) {
        if (!S1) n = S1 = 2000;
        n2 = n * n;
        k->narr = 9;
        k->arr[0] = (arr_desc) ARR("A", n2, IN | OUT);
        k->arr[1] = (arr_desc) ARR("u1", n, IN);
        k->arr[2] = (arr_desc) ARR("v1", n, IN);
        k->arr[3] = (arr_desc) ARR("u2", n, IN);
        k->arr[4] = (arr_desc) ARR("v2", n, IN);
        k->arr[5] = (arr_desc) ARR("w", n, IN | OUT);
        k->arr[6] = (arr_desc) ARR("x", n, IN | OUT);
        k->arr[7] = (arr_desc) ARR("y", n, IN);
        k->arr[8] = (arr_desc) ARR("z", n, IN);
        snprintf(k->size, sizeof k->size, "n=%ld", n);
        k->primal = gemver_p; k->gen = gemver_g; k->hand = gemver_h;
    } else if (strcmp(name, "2mm") == 0) {
        if (!S1) n = S1 = 300;
        n2 = n * n;
        k->narr = 5;
        k->arr[0] = (arr_desc) ARR("tmp", n2, WORK);
        k->arr[1] = (arr_desc) ARR("A", n2, IN);
        k->arr[2] = (arr_desc) ARR("B", n2, IN);
        k->arr[3] = (arr_desc) ARR("C", n2, IN);
        k->arr[4] = (arr_desc) ARR("D", n2, IN | OUT);
        snprintf(k->size, sizeof k->size, "n=%ld", n);
        k->primal = k2mm_p; k->gen = k2mm_g; k->hand = k2mm_h;
    } else if (strcmp(name, "atax") == 0) {
        if (!S1) n = S1 = 3000;
        n2 = n * n;
        k->narr = 4;
        k->arr[0] = (arr_desc) ARR("A", n2, IN);
        k->arr[1] = (arr_desc) ARR("x", n, IN);
        k->arr[2] = (arr_desc) ARR("y", n, OUT);
        k->arr[3] = (arr_desc) ARR("tmp", n, WORK);
        snprintf(k->size, sizeof k->size, "m=n=%ld", n);
        k->primal = atax_p; k->gen = atax_g; k->hand = atax_h;
    } else if (strcmp(name, "bicg") == 0) {
        if (!S1) n = S1 = 3000;
        n2 = n * n;
        k->narr = 5;
        k->arr[0] = (arr_desc) ARR("A", n2, IN);
        k->arr[1] = (arr_desc) ARR("s", n, OUT);
        k->arr[2] = (arr_desc) ARR("q", n, OUT);
        k->arr[3] = (arr_desc) ARR("p", n, IN);
        k->arr[4] = (arr_desc) ARR("r", n, IN);
        snprintf(k->size, sizeof k->size, "m=n=%ld", n);
        k->primal = bicg_p; k->gen = bicg_g; k->hand = bicg_h;
    } else if (strcmp(name, "doitgen") == 0) {
        if (!S1) n = S1 = 64;
        if (!S2) S2 = 64;
        k->narr = 3;
        k->arr[0] = (arr_desc) ARR("A", n * n * S2, IN | OUT);
        k->arr[1] = (arr_desc) ARR("C4", S2 * S2, IN);
        k->arr[2] = (arr_desc) ARR("sum", n * n * S2, WORK);
        snprintf(k->size, sizeof k->size, "nr=nq=%ld np=%ld", n, S2);
        k->primal = doitgen_p; k->gen = doitgen_g; k->hand = doitgen_h;
    } else if (strcmp(name, "trmm") == 0) {
        if (!S1) n = S1 = 400;
        n2 = n * n;
        k->narr = 2;
        k->arr[0] = (arr_desc) ARR("A", n2, IN);
        k->arr[1] = (arr_desc) ARR("B", n2, IN | OUT);
        snprintf(k->size, sizeof k->size, "m=n=%ld", n);
        k->primal = trmm_p; k->gen = trmm_g; k->hand = trmm_h;
    } else if (strcmp(name, "jacobi2d") == 0) {
        if (!S1) n = S1 = 1000;
        if (!S2) S2 = 20;
        n2 = n * n;
        k->narr = 2;
        k->arr[0] = (arr_desc) ARR("A", n2, IN | OUT);
        k->arr[1] = (arr_desc) ARR("B", n2, IN | OUT);
        snprintf(k->size, sizeof k->size, "n=%ld tsteps=%ld", n, S2);
        k->primal = jacobi2d_p; k->gen = jacobi2d_g; k->hand = jacobi2d_h;
    } else if (strcmp(name, "heat3d") == 0) {
        if (!S1) n = S1 = 100;
        if (!S2) S2 = 20;
        k->narr = 2;
        k->arr[0] = (arr_desc) ARR("A", n * n * n, IN | OUT);
        k->arr[1] = (arr_desc) ARR("B", n * n * n, IN | OUT);
        snprintf(k->size, sizeof k->size, "n=%ld tsteps=%ld", n, S2);
        k->primal = heat3d_p; k->gen = heat3d_g; k->hand = heat3d_h;
    } else if (strcmp(name, "floyd") == 0) {
        if (!S1) n = S1 = 300;
        n2 = n * n;
        k->narr = 1;
        k->arr[0] = (arr_desc) { "path", n2, IN | OUT, 1.0, 100.0 };
        k->init = floyd_init;
        snprintf(k->size, sizeof k->size, "n=%ld", n);
        k->primal = floyd_p; k->gen = floyd_g; k->hand = floyd_h;
    } else {
        return 0;
    }
    return 1;
}

/* ---- allocation, inputs, measurements ---- */

static double *alloc_d(long n)
{
    double *p = (double *) malloc((size_t) n * sizeof(double));
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(p, 0, (size_t) n * sizeof(double)); /* touch every page */
    return p;
}

static void fill(double *a, long n, double lo, double hi, unsigned long long seed)
{
    unsigned long long s = seed * 2654435761ULL + 12345ULL;
    for (long i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        a[i] = lo + (hi - lo) * (double) (s >> 11) / 9007199254740992.0;
    }
}

static void inputs(const kernel *k, double **v)
{
    for (int a = 0; a < k->narr; a++) {
        if (k->arr[a].role == WORK)
            memset(v[a], 0, (size_t) k->arr[a].len * sizeof(double));
        else
            fill(v[a], k->arr[a].len, k->arr[a].lo, k->arr[a].hi, 100 + a);
    }
    if (k->init)
        k->init(v);
}

static void seeds(const kernel *k, double **b)
{
    for (int a = 0; a < k->narr; a++) {
        if (k->arr[a].role & OUT)
            fill(b[a], k->arr[a].len, -1.0, 1.0, 200 + a);
        else
            memset(b[a], 0, (size_t) k->arr[a].len * sizeof(double));
    }
}

static void copy_all(const kernel *k, double **dst, double **src)
{
    for (int a = 0; a < k->narr; a++)
        memcpy(dst[a], src[a], (size_t) k->arr[a].len * sizeof(double));
}

static void alloc_all(const kernel *k, double **p)
{
    for (int a = 0; a < k->narr; a++)
        p[a] = alloc_d(k->arr[a].len);
}

static double now(void) { return omp_get_wtime(); }

static long maxrss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* <seed, (y(x + h d) - y(x - h d)) / 2h> over the dependents: the finite-difference side of the
 * dot-product test. */
static double fd_side(const kernel *k, double **v, double **v0, double **d, double **seed, double h)
{
    double **yp = (double **) calloc(MAXARR, sizeof(double *));
    double r = 0.0;
    alloc_all(k, yp);
    for (int sgn = 1; sgn >= -1; sgn -= 2) {
        copy_all(k, v, v0);
        for (int a = 0; a < k->narr; a++)
            if (k->arr[a].role & IN)
                for (long e = 0; e < k->arr[a].len; e++)
                    v[a][e] += sgn * h * d[a][e];
        k->primal(v);
        if (sgn == 1)
            copy_all(k, yp, v);
    }
    for (int a = 0; a < k->narr; a++)
        if (k->arr[a].role & OUT)
            for (long e = 0; e < k->arr[a].len; e++)
                r += seed[a][e] * (yp[a][e] - v[a][e]) / (2.0 * h);
    for (int a = 0; a < k->narr; a++)
        free(yp[a]);
    free(yp);
    return r;
}

static double ad_side(const kernel *k, double **d, double **adj)
{
    double r = 0.0;
    for (int a = 0; a < k->narr; a++)
        if (k->arr[a].role & IN)
            for (long e = 0; e < k->arr[a].len; e++)
                r += d[a][e] * adj[a][e];
    return r;
}

static int check(const kernel *k)
{
    double *v[MAXARR], *v0[MAXARR], *b[MAXARR], *seed[MAXARR], *g[MAXARR], *d[MAXARR];
    int fails = 0;
    alloc_all(k, v); alloc_all(k, v0); alloc_all(k, b); alloc_all(k, seed); alloc_all(k, g);
    alloc_all(k, d);
    inputs(k, v0);
    seeds(k, seed);
    for (int a = 0; a < k->narr; a++)
        fill(d[a], k->arr[a].len, -1.0, 1.0, 300 + a);

    copy_all(k, v, v0); copy_all(k, b, seed);
    k->gen(v, b);
    copy_all(k, g, b);
    copy_all(k, v, v0); copy_all(k, b, seed);
    k->hand(v, b);

    /* generated against hand-written, array by array: max |difference| / max |value| */
    double worst = 0.0;
    for (int a = 0; a < k->narr; a++) {
        double diff = 0.0, scale = 0.0;
        for (long e = 0; e < k->arr[a].len; e++) {
            double dd = fabs(g[a][e] - b[a][e]);
            if (!(dd <= diff)) diff = dd; /* NaN counts */
            if (fabs(g[a][e]) > scale) scale = fabs(g[a][e]);
            if (fabs(b[a][e]) > scale) scale = fabs(b[a][e]);
        }
        double rel = scale > 0.0 ? diff / scale : diff;
        if (!(rel <= 1e-9)) {
            printf("check kernel=%s MISMATCH adjoint of %s: max|generated-hand|/max|value| = %.3e\n",
                   k->name, k->arr[a].name, rel);
            fails++;
        }
        if (!(rel <= worst)) worst = rel;
    }

    /* dot-product tests against central finite differences: <seed, J d> = <J^T seed, d> */
    double h = 1e-6;
    double fd = fd_side(k, v, v0, d, seed, h);
    double adh = ad_side(k, d, b), adg = ad_side(k, d, g);
    double relh = fabs(fd - adh) / fmax(fabs(fd), fabs(adh));
    double relg = fabs(fd - adg) / fmax(fabs(fd), fabs(adg));
    int okh = relh <= 1e-6, okg = relg <= 1e-6;
    printf("check kernel=%s size=\"%s\" threads=%d generated_vs_hand=%.2e %s fd=%.12e "
           "hand=%.12e (rel %.2e %s) generated=%.12e (rel %.2e %s)\n",
           k->name, k->size, omp_get_max_threads(), worst, fails ? "MISMATCH" : "agree", fd, adh,
           relh, okh ? "ok" : "FAIL", adg, relg, okg ? "ok" : "FAIL");
    for (int a = 0; a < k->narr; a++) {
        free(v[a]); free(v0[a]); free(b[a]); free(seed[a]); free(g[a]); free(d[a]);
    }
    return fails + !okh + !okg;
}

static void timing(const kernel *k)
{
    double *v[MAXARR], *v0[MAXARR], *b[MAXARR], *seed[MAXARR];
    double best[3] = { 1e30, 1e30, 1e30 };
    alloc_all(k, v); alloc_all(k, v0); alloc_all(k, b); alloc_all(k, seed);
    inputs(k, v0);
    seeds(k, seed);
    for (int r = 0; r < RUNS; r++)
        for (int var = 0; var < 3; var++) {
            copy_all(k, v, v0);
            copy_all(k, b, seed);
            double t0 = now();
            if (var == 0) k->primal(v);
            else if (var == 1) k->gen(v, b);
            else k->hand(v, b);
            double t = now() - t0;
            if (t < best[var]) best[var] = t;
        }
    printf("time kernel=%s size=\"%s\" threads=%d primal_ms=%.3f generated_ms=%.3f hand_ms=%.3f\n",
           k->name, k->size, omp_get_max_threads(), 1e3 * best[0], 1e3 * best[1], 1e3 * best[2]);
    for (int a = 0; a < k->narr; a++) {
        free(v[a]); free(v0[a]); free(b[a]); free(seed[a]);
    }
}

/* One call of a variant; only the arrays that variant takes are allocated. */
static void memory(const kernel *k, const char *variant)
{
    double *v[MAXARR], *b[MAXARR];
    alloc_all(k, v);
    inputs(k, v);
    if (strcmp(variant, "primal") == 0) {
        k->primal(v);
    } else {
        alloc_all(k, b);
        seeds(k, b);
        if (strcmp(variant, "generated") == 0) k->gen(v, b);
        else if (strcmp(variant, "hand") == 0) k->hand(v, b);
        else { fprintf(stderr, "unknown variant %s\n", variant); exit(64); }
    }
    printf("mem kernel=%s size=\"%s\" threads=%d variant=%s maxrss_kb=%ld\n", k->name, k->size,
           omp_get_max_threads(), variant, maxrss_kb());
}

int main(int argc, char **argv)
{
    kernel k;
    if (argc < 3) {
        fprintf(stderr, "usage: %s check|time KERNEL [S1 [S2]] | mem KERNEL VARIANT [S1 [S2]]\n",
                argv[0]);
        return 64;
    }
    int first = strcmp(argv[1], "mem") == 0 ? 4 : 3;
    S1 = argc > first ? atol(argv[first]) : 0;
    S2 = argc > first + 1 ? atol(argv[first + 1]) : 0;
    if (!setup(&k, argv[2])) {
        fprintf(stderr, "unknown kernel %s\n", argv[2]);
        return 64;
    }
    if (strcmp(argv[1], "check") == 0)
        return check(&k) ? 1 : 0;
    if (strcmp(argv[1], "time") == 0)
        timing(&k);
    else if (strcmp(argv[1], "mem") == 0 && argc > 3)
        memory(&k, argv[3]);
    else {
        fprintf(stderr, "unknown mode %s\n", argv[1]);
        return 64;
    }
    return 0;
}
