/* Times the block solvers' primals and adjoints (see run.sh). KERNEL is block_solver or
 * block_reaction.
 *   bench_main check KERNEL N STEPS          hand-written vs generated vs all-atomic adjoint, and
 *                                            the generated adjoint against central differences of
 *                                            the primal in a random direction
 *   bench_main time KERNEL VARIANT N STEPS   VARIANT (primal, proven, atomic, hand): the faster of
 *                                            two calls; prints seconds and the process's maxRSS (KiB) */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define KERNEL(name)                                                                                    \
    void name(int n, int steps, double c, double u[n][n], double v[n][n]);                              \
    void name##_b(int n, int steps, double c, double u[n][n], double ub[n][n], double v[n][n],          \
                  double vb[n][n]);                                                                     \
    void name##_atomic_b(int n, int steps, double c, double u[n][n], double ub[n][n], double v[n][n],   \
                         double vb[n][n]);                                                              \
    void name##_hand(int n, int steps, double c, double u[n][n], double ub[n][n], double v[n][n],       \
                     double vb[n][n]);
KERNEL(block_solver)
KERNEL(block_reaction)

typedef void (*primal_fn)(int, int, double, double *, double *);
typedef void (*adjoint_fn)(int, int, double, double *, double *, double *, double *);

static const struct {
    const char *name;
    primal_fn primal;
    adjoint_fn proven, atomic, hand;
} KERNELS[] = {
    {"block_solver", (primal_fn) block_solver, (adjoint_fn) block_solver_b, (adjoint_fn) block_solver_atomic_b,
     (adjoint_fn) block_solver_hand},
    {"block_reaction", (primal_fn) block_reaction, (adjoint_fn) block_reaction_b,
     (adjoint_fn) block_reaction_atomic_b, (adjoint_fn) block_reaction_hand},
};
static int kernel;

static const double C = 0.2;

static void fill(size_t len, double *a, unsigned seed)
{
    for (size_t k = 0; k < len; k++) {
        seed = seed * 1103515245u + 12345u;
        a[k] = (double) (seed >> 8) / (double) (1u << 24) - 0.5;
    }
}

static void run_adjoint(adjoint_fn f, int n, int steps, const double *u0, const double *seed, double *ub)
{
    size_t len = (size_t) n * n;
    double *u = malloc(len * sizeof *u), *v = calloc(len, sizeof *v), *vb = calloc(len, sizeof *vb);
    memcpy(u, u0, len * sizeof *u);
    memcpy(ub, seed, len * sizeof *ub);
    f(n, steps, C, u, ub, v, vb);
    free(u);
    free(v);
    free(vb);
}

static adjoint_fn variant(const char *name)
{
    if (!strcmp(name, "proven"))
        return KERNELS[kernel].proven;
    if (!strcmp(name, "atomic"))
        return KERNELS[kernel].atomic;
    if (!strcmp(name, "hand"))
        return KERNELS[kernel].hand;
    return NULL;
}

static double rel_diff(size_t len, const double *a, const double *b)
{
    double num = 0.0, den = 0.0;
    for (size_t k = 0; k < len; k++) {
        num = fmax(num, fabs(a[k] - b[k]));
        den = fmax(den, fabs(b[k]));
    }
    return num / (den > 0.0 ? den : 1.0);
}

static double primal_dot(int n, int steps, const double *u0, const double *dir, double h, const double *w)
{
    size_t len = (size_t) n * n;
    double *u = malloc(len * sizeof *u), *v = calloc(len, sizeof *v), sum = 0.0;
    for (size_t k = 0; k < len; k++)
        u[k] = u0[k] + h * dir[k];
    KERNELS[kernel].primal(n, steps, C, u, v);
    for (size_t k = 0; k < len; k++)
        sum += w[k] * u[k];
    free(u);
    free(v);
    return sum;
}

int main(int argc, char **argv)
{
    int timing = argc > 1 && !strcmp(argv[1], "time");
    if (argc < (timing ? 6 : 5)) {
        fprintf(stderr, "usage: bench_main check KERNEL N STEPS | time KERNEL VARIANT N STEPS\n");
        return 2;
    }
    for (kernel = 0; kernel < 2 && strcmp(KERNELS[kernel].name, argv[2]); kernel++) {
    }
    if (kernel == 2) {
        fprintf(stderr, "unknown kernel %s\n", argv[2]);
        return 2;
    }
    int n = atoi(argv[timing ? 4 : 3]), steps = atoi(argv[timing ? 5 : 4]);
    size_t len = (size_t) n * n;
    double *u0 = malloc(len * sizeof *u0), *seed = malloc(len * sizeof *seed);
    fill(len, u0, 1u);
    fill(len, seed, 2u);
    if (!timing) {
        double *g = malloc(len * sizeof *g), *a = malloc(len * sizeof *a), *h = malloc(len * sizeof *h);
        double *dir = malloc(len * sizeof *dir);
        run_adjoint(variant("proven"), n, steps, u0, seed, g);
        run_adjoint(variant("atomic"), n, steps, u0, seed, a);
        run_adjoint(variant("hand"), n, steps, u0, seed, h);
        fill(len, dir, 3u);
        double fd = (primal_dot(n, steps, u0, dir, 1e-6, seed) - primal_dot(n, steps, u0, dir, -1e-6, seed)) / 2e-6;
        double ad = 0.0;
        for (size_t k = 0; k < len; k++)
            ad += g[k] * dir[k];
        double dh = rel_diff(len, h, g), da = rel_diff(len, a, g), dd = fabs(fd - ad) / fmax(fabs(ad), 1e-300);
        int ok = dh < 1e-9 && da < 1e-9 && dd < 1e-5;
        printf("check kernel=%s n=%d steps=%d threads=%d hand-vs-generated=%.1e atomic-vs-generated=%.1e fd-vs-adjoint=%.1e %s\n",
               KERNELS[kernel].name, n, steps, omp_get_max_threads(), dh, da, dd, ok ? "PASS" : "FAIL");
        return ok ? 0 : 1;
    }
    const char *name = argv[3];
    double best = 1e300;
    /* the arrays of every call, allocated and touched once: the first call warms up pages and threads,
       and no call pays for the first touch of fresh pages (calloc'd memory is mapped at first write) */
    double *u = malloc(len * sizeof *u), *v = malloc(len * sizeof *v), *ub = malloc(len * sizeof *ub);
    double *vb = malloc(len * sizeof *vb);
    adjoint_fn f = NULL;
    if (strcmp(name, "primal")) {
        f = variant(name);
        if (!f) {
            fprintf(stderr, "unknown variant %s\n", name);
            return 2;
        }
    }
    for (int r = 0; r < 2; r++) {
        double t0, t1;
        memcpy(u, u0, len * sizeof *u);
        memset(v, 0, len * sizeof *v);
        memcpy(ub, seed, len * sizeof *ub);
        memset(vb, 0, len * sizeof *vb);
        t0 = omp_get_wtime();
        if (f == NULL)
            KERNELS[kernel].primal(n, steps, C, u, v);
        else
            f(n, steps, C, u, ub, v, vb);
        t1 = omp_get_wtime();
        if (r > 0 && t1 - t0 < best)
            best = t1 - t0;
    }
    free(u);
    free(v);
    free(ub);
    free(vb);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("time kernel=%s variant=%s n=%d steps=%d threads=%d seconds=%.6f maxrss_kib=%ld\n", KERNELS[kernel].name,
           name, n, steps,
           omp_get_max_threads(), best, ru.ru_maxrss);
    return 0;
}
