/* How much of a second CPU the machine offers while the benchmark runs: a compute-bound loop
 * (sin, no memory traffic) and a memory-bound one (a[k] = b[k] + s * c[k] over 3 x 8 MB), timed
 * like the kernels (minimum of RUNS). Run it with 1 and 2 threads; the ratio of the times is the
 * speed-up available to the kernels. */
#include <math.h>

#include "bench.h"

int main(void)
{
    long n = 1000000;
    double *a = bench_alloc((size_t) n, sizeof(double));
    double *b = bench_alloc((size_t) n, sizeof(double));
    double *c = bench_alloc((size_t) n, sizeof(double));
    bench_fill(b, n, 0.0, 1.0, 1);
    bench_fill(c, n, 0.0, 1.0, 2);
    double compute = 1e30, memory = 1e30, s = 0.0;
    for (int r = 0; r < RUNS; r++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for reduction(+: s) schedule(static)
        for (long k = 0; k < 20000000L; k++) {
            s += sin((double) k * 1e-7);
        }
        double t = omp_get_wtime() - t0;
        compute = t < compute ? t : compute;
        t0 = omp_get_wtime();
        for (int rep = 0; rep < 50; rep++) {
#pragma omp parallel for schedule(static)
            for (long k = 0; k < n; k++) {
                a[k] = b[k] + 0.5 * c[k];
            }
        }
        t = omp_get_wtime() - t0;
        memory = t < memory ? t : memory;
    }
    printf("control compute threads=%d min_s=%.4f (checksum %.6e)\n", omp_get_max_threads(), compute, s);
    printf("control memory threads=%d min_s=%.4f (checksum %.6e)\n", omp_get_max_threads(), memory,
           bench_sum(a, n));
    return 0;
}
