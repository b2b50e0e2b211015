/* Chained Rosenbrock function, a partially separable test problem:
 *   f(x) = sum_{i=0}^{n-2} 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2.
 * The elemental fcurv collects the curvature terms (each depends on x[i] and
 * x[i+1]: a chain), flin the terms of one unknown each.  The colouring the
 * generator fixes for the chain is periodic: even and odd columns.        */

void rosenbrock_f(int n, const double *x, double *f)
{
    double fcurv, flin, t, s;
    int i;

#pragma ad elemental
    fcurv = 0.0;
#pragma ad elemental
    flin = 0.0;
    for (i = 0; i < n - 1; i++) {
        t = x[i + 1] - x[i] * x[i];
        s = 1.0 - x[i];
        fcurv = fcurv + t * t;
        flin = flin + s * s;
    }
#pragma ad partially_separable(fcurv, flin)
    *f = 100.0 * fcurv + flin;
}

/* Hand-written analytic gradient, the reference for accuracy and speed. */
void rosenbrock_grad_analytic(int n, const double *x, double *g)
{
    int i;

    for (i = 0; i < n; i++)
        g[i] = 0.0;
    for (i = 0; i < n - 1; i++) {
        double t = x[i + 1] - x[i] * x[i];
        g[i] += -400.0 * t * x[i] - 2.0 * (1.0 - x[i]);
        g[i + 1] += 200.0 * t;
    }
}
