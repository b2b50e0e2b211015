/* An `ordered` block in a parallel loop: the primal runs the blocks in
 * iteration order. Around increments that order cannot be observed (no thread
 * reads what the others added), so Paradjoint reads the block's increments as
 * atomic increments (a shared scalar's as a sum reduction of the loop) and the
 * derivative loops need no ordering. An ordered block holding anything else is
 * a located error. */
#include <math.h>

#pragma ad gradient(h, s : x)
void ordered_tally(int n, int nb, const double *x, double *h, double *s)
{
    double total = 0.0;
#pragma omp parallel for ordered schedule(static, 2)
    for (int i = 0; i < n; i++) {
        double e = x[i] * x[i] + cos(x[i]);
#pragma omp ordered
        {
            h[(3 * i) % nb] += e;
            total = total + e * x[i];
        }
    }
    s[0] = total;
}

/* The same in a region: an `omp for ordered` worksharing loop. */
#pragma ad gradient(y : x)
void ordered_weights(int n, const double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for ordered
        for (int i = 1; i < n; i++) {
            double d = x[i] - x[i - 1];
#pragma omp ordered
            y[i / 2] += d * d;
        }
    }
}
