/* OpenMP sections: independent pieces of work, each run once by some thread.
 * The derivative code reads `sections` as a worksharing loop over the section
 * numbers (iteration k runs section k), so each section's adjoint runs once too,
 * and the race analysis decides per increment as for any parallel loop. */
#include <math.h>

/* Two fluxes computed side by side in one region, then combined. */
#pragma ad gradient(f : u)
void two_fluxes(int n, const double *u, double *fx, double *fy, double *f)
{
#pragma omp parallel
    {
#pragma omp sections
        {
#pragma omp section
            {
                for (int i = 1; i < n; i++)
                    fx[i] = u[i] * u[i] - u[i - 1] * u[i - 1];
            }
#pragma omp section
            {
                for (int i = 1; i < n; i++)
                    fy[i] = sin(u[i]) * u[i - 1];
            }
        }
#pragma omp for
        for (int i = 1; i < n; i++)
            f[i] = fx[i] + 0.5 * fy[i];
    }
}

/* `parallel sections` with a sum reduction: three energies of one state. */
#pragma ad gradient(e : x)
void energies(int n, const double *x, double *e)
{
    double total = 0.0;
#pragma omp parallel sections reduction(+: total)
    {
        for (int i = 0; i < n; i++)
            total += x[i] * x[i];
#pragma omp section
        for (int i = 1; i < n; i++)
            total += 0.5 * (x[i] - x[i - 1]) * (x[i] - x[i - 1]);
#pragma omp section
        total += exp(0.1 * x[0]) + x[n - 1] * x[n - 1] * x[n - 1];
    }
    e[0] = total;
}
