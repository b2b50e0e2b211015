/* max and min reductions of active values. The result is one of the values
 * (the initial one or one iteration's), so its derivative is that value's:
 * the derivative code finds the winning iteration after running the loop and
 * differentiates what it computed there. */
#include <math.h>

/* The largest second difference, squared: a max-norm of a residual. */
#pragma ad gradient(r : u)
void max_residual(int n, const double *u, double *r)
{
    double m = 0.0;
#pragma omp parallel for reduction(max: m)
    for (int i = 1; i < n - 1; i++)
        m = fmax(m, fabs(u[i - 1] - 2.0 * u[i] + u[i + 1]));
    r[0] = m * m;
}

/* The least energy, written with a comparison; the first entry is the initial value. */
#pragma ad gradient(r : x)
void min_energy(int n, const double *x, double *r)
{
    double lo = x[0] * x[0] + 1.0;
#pragma omp parallel for reduction(min: lo)
    for (int i = 1; i < n; i++) {
        if (sin(x[i]) + x[i] * x[i] < lo)
            lo = sin(x[i]) + x[i] * x[i];
    }
    r[0] = 3.0 * lo;
}

/* A max reduction on a region's worksharing loop, used in the same region. */
#pragma ad gradient(y : x)
void scale_by_max(int n, const double *x, double *y, double *w)
{
    double big = -1.0e300;
#pragma omp parallel
    {
#pragma omp for reduction(max: big)
        for (int i = 0; i < n; i++)
            big = fmax(big, x[i] * x[i]);
#pragma omp for
        for (int i = 0; i < n; i++) {
            w[i] = x[i] / big;
            y[i] = w[i] * x[i];
        }
    }
}

/* A product reduction: p = p0 * prod_i e_i. The derivative of one factor is
 * the product of all the others (with the initial value), found without
 * dividing by a factor that may be zero: the derivative code counts the zero
 * factors and multiplies the others after running the loop. */
#pragma ad gradient(r : x)
void growth_factor(int n, const double *x, double *r)
{
    double p = 1.0 + x[0] * x[0];
#pragma omp parallel for reduction(*: p)
    for (int i = 1; i < n; i++)
        p *= 1.0 + 0.1 * sin(x[i]) * x[i - 1];
    r[0] = p * p;
}
