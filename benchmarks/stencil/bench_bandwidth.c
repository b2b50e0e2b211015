/* Control for the thread-scaling target: a plain streaming loop with burgers1d's adjoint traffic
 * per cell (read two arrays, update a third, then zero one: about 48 bytes) over N cells.
 * Whatever speed-up it gets from a second thread is what the memory system gives any
 * memory-bound loop of that size on this machine. Prints the minimum of REPS runs. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 100000000
#endif
#ifndef REPS
#define REPS 5
#endif

int main(void)
{
    long n = N;
    double *x = malloc(sizeof(double) * (size_t) n), *y = malloc(sizeof(double) * (size_t) n),
           *z = malloc(sizeof(double) * (size_t) n);
    if (x == NULL || y == NULL || z == NULL) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        x[i] = 1e-3 * (double) i;
        y[i] = 0.0;
        z[i] = 1.0;
    }
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        double t = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (long i = 1; i < n - 1; i++) {
            y[i] += 0.5 * x[i] + 0.25 * z[i - 1] + 0.25 * z[i + 1];
        }
#pragma omp parallel for schedule(static)
        for (long i = 1; i < n - 1; i++) {
            z[i] = 0.0;
        }
        t = omp_get_wtime() - t;
        best = t < best ? t : best;
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++) {
            z[i] = 1.0;
        }
    }
    printf("bandwidth control n=%ld threads=%d: %.4f s (%.1f GB/s at 48 bytes per cell; checksum %g)\n", n,
           omp_get_max_threads(), best, 48e-9 * (double) n / best, y[n / 2]);
    free(x);
    free(y);
    free(z);
    return 0;
}
