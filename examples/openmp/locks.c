/* OpenMP locks around increments, as codes written before array reductions
 * were common protect a shared histogram and a total. Paradjoint reads
 * `omp_set_lock(&l); ...; omp_unset_lock(&l);` in a parallel loop as a
 * critical section: what it protects must be increments, which become atomic
 * increments (a shared scalar's become a sum reduction of the loop), since no
 * thread can observe in which order the others added. The lock itself is
 * left out of the derivative code. */
#include <omp.h>
#include <math.h>

#pragma ad gradient(h, s : x)
void binned_energy(int n, int nb, const double *x, double *h, double *s)
{
    double total = 0.0;
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double e = x[i] * x[i] + sin(x[i]);
        omp_set_lock(&lock);
        h[i % nb] += e;
        total = total + e;
        omp_unset_lock(&lock);
    }
    omp_destroy_lock(&lock);
    s[0] = total;
}
