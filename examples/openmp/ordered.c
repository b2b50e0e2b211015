/* An `ordered` block in a parallel loop: the primal runs the blocks in
 * iteration order. Around increments that order cannot be observed (no thread
 * reads what the others added), so Paradjoint reads the block's increments as
 * atomic increments (a shared scalar's as a sum reduction of the loop) and the
 * derivative loops need no ordering. An ordered block holding anything else
 * is read as a statement of a parallel for's body: see ordered_scan below. */
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

/* A general ordered block: a recurrence through the shared acc, which the
 * primal runs in iteration order while the work around it runs in parallel.
 * The loop is split around the block (the parts before and after it stay
 * parallel loops, the block becomes a sequential loop: exact for a race-free
 * primal), so the adjoint runs the block's adjoints in reverse iteration order
 * and the rest in parallel. e is recomputed in the later parts. */
#pragma ad gradient(w, s : x)
void ordered_scan(int n, const double *x, double *y, double *w, double *s)
{
    double acc = 1.0;
#pragma omp parallel for ordered schedule(static, 2)
    for (int i = 0; i < n; i++) {
        double e = sin(x[i]) * x[i];
        y[i] = e * e;
#pragma omp ordered
        {
            acc = 0.9 * acc + e * acc * acc / (1.0 + acc * acc);
            w[i] = acc + y[i];
        }
        w[i] = w[i] * cos(x[i]) + e;
    }
    s[0] = acc;
}

/* The general ordered block of ordered_scan in a worksharing loop of a region,
 * between two other worksharing loops: the region is lowered to parallel loops
 * and the `omp for ordered` loop is split around its block as a parallel for's
 * is, so the recurrence's adjoint runs in reverse iteration order and the rest
 * in parallel. */
#pragma ad gradient(w, s : x)
void ordered_scan_region(int n, const double *x, double *y, double *w, double *s)
{
    double acc = 1.0;
#pragma omp parallel
    {
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            y[i] = sin(x[i]) * x[i];
#pragma omp for ordered schedule(static, 3)
        for (int i = 0; i < n; i++) {
            double e = y[i] * y[i];
#pragma omp ordered
            {
                acc = 0.9 * acc + e * acc / (1.0 + acc * acc);
                w[i] = acc * y[i];
            }
            w[i] = w[i] + e * cos(x[i]);
        }
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            w[i] = w[i] * x[i];
    }
    s[0] = acc;
}
