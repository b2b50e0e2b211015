/* OpenMP parallel regions with worksharing loops, as simulation codes write
 * them to start the thread team once.  Each function's adjoint is the
 * adjoint of its worksharing loops, in reverse order, each with its own race
 * proofs; see README.md for what each one exercises. */
#include <math.h>

/* Two worksharing loops (the second reads what the first wrote, after the
 * first loop's implicit barrier) and a `single` block for the ends. */
#pragma ad gradient(y : x)
void smooth_two_phase(int n, double *y, double *w, const double *x)
{
#pragma omp parallel
    {
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            w[i] = sin(x[i]) * x[i];
#pragma omp for
        for (int i = 1; i < n - 1; i++)
            y[i] = w[i - 1] - 2.0 * w[i] + w[i + 1];
#pragma omp single
        {
            y[0] = w[0];
            y[n - 1] = w[n - 1] * w[n - 1];
        }
    }
}

/* The hand-made reduction: a private partial sum per thread, added to the
 * shared result in a critical section after a `nowait` loop. */
#pragma ad gradient(s : x)
void norm2_partial(int n, const double *x, double *s)
{
#pragma omp parallel
    {
        double local = 0.0;
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            local += x[i] * x[i];
#pragma omp critical
        s[0] += local;
    }
}

/* A time loop inside the region: every thread runs the loop over steps,
 * the work of each step is shared by worksharing loops, and a barrier
 * separates the steps. */
#pragma ad gradient(u : u)
void relax_steps(int n, int steps, double *u, double *v)
{
#pragma omp parallel default(none) shared(n, steps, u, v)
    for (int t = 0; t < steps; t++) {
#pragma omp for
        for (int i = 1; i < n - 1; i++)
            v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
#pragma omp for
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i] * (1.0 + 0.1 * v[i]);
#pragma omp barrier
    }
}

/* A reduction clause on the region, atomic increments of array elements,
 * and a master block after an explicit barrier. */
#pragma ad gradient(h, r : x)
void moments(int n, int m, const double *x, double *h, double *r)
{
    double s = 0.0;
#pragma omp parallel reduction(+: s)
    {
#pragma omp for
        for (int i = 0; i < n; i++) {
            s += x[i] * x[i] * x[i];
#pragma omp atomic
            h[i % m] += cos(x[i]);
        }
#pragma omp barrier
#pragma omp master
        r[1] = h[0] * h[m - 1];
    }
    r[0] = s;
}

/* An atomic increment of a shared scalar in a parallel loop: a sum. */
#pragma ad gradient(r : x, y)
void dot_atomic(int n, const double *x, const double *y, double *r)
{
    double acc = 0.0;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic update
        acc += x[i] * y[i];
    }
    r[0] = acc * acc;
}

/* `omp atomic read` and `omp atomic write`: each is one plain access, which
 * the race analysis looks at like any other (here each iteration writes its
 * own element of y). */
#pragma ad gradient(y : x)
void reversed_squares(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double v;
#pragma omp atomic read
        v = x[i];
#pragma omp atomic write
        y[n - 1 - i] = v * v + sin(v);
    }
}

/* A work array private to each iteration of a parallel loop (declared in its
 * body): its adjoint is private too, zero where each iteration's adjoint
 * starts. */
#pragma ad gradient(y : x)
void window_private(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++) {
        double w[3];
        for (int k = 0; k < 3; k++)
            w[k] = sin(x[i - 1 + k]);
        y[i] = w[0] * w[1] + w[2] * x[i];
    }
}
