/* Work divided by thread number, as codes that own blocks of rows per thread
 * write it: every thread computes its block from omp_get_thread_num() and
 * omp_get_num_threads(), works on it, and meets the others at barriers. */
#include <omp.h>

#pragma ad gradient(u : u)
void block_rows(int n, int steps, double u[n], double v[n])
{
#pragma omp parallel
    {
        int t = omp_get_thread_num();
        int nt = omp_get_num_threads();
        int lo = 1 + t * (n - 2) / nt;
        int hi = 1 + (t + 1) * (n - 2) / nt;
        for (int s = 0; s < steps; s++) {
            for (int i = lo; i < hi; i++)
                v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma omp barrier
            for (int i = lo; i < hi; i++)
                u[i] = v[i] * (1.0 + 0.05 * v[i]);
#pragma omp barrier
        }
    }
}
