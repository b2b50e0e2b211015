/* The adjoint of kernels/block_reaction.c as one writes it by hand: the forward
 * sweep keeps v of every step (each thread copies its own rows, in the same
 * parallel loop that computes them); the reverse sweep runs the steps
 * backwards, each as two parallel loops over rows: the pointwise adjoint of
 * the second half-step, then the five-point stencil's adjoint as a gather
 * (each point sums what it fed), so no increment is shared between threads. */
#include <stdlib.h>

void block_reaction_hand(int n, int steps, double c, double u[n][n], double ub[n][n], double v[n][n],
                       double vb[n][n])
{
    double (*vs)[n][n] = malloc(sizeof(double[n][n]) * (size_t) (steps > 0 ? steps : 1));
#pragma omp parallel
    for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                v[i][j] = u[i][j] + c * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4.0 * u[i][j]);
                vs[s][i][j] = v[i][j];
            }
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                u[i][j] = v[i][j] - 0.01 * v[i][j] * v[i][j] * v[i][j];
    }
#pragma omp parallel
    for (int s = steps - 1; s >= 0; s--) {
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                double w = vs[s][i][j];
                vb[i][j] += (1.0 - 0.03 * w * w) * ub[i][j];
                ub[i][j] = 0.0;
            }
        /* ub[i][j] += sum over the interior points p that read (i, j) of dv_p/du_ij * vb[p] */
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double g = 0.0;
                int in = i >= 1 && i <= n - 2 && j >= 1 && j <= n - 2;
                if (in)
                    g += (1.0 - 4.0 * c) * vb[i][j];
                if (i - 1 >= 1 && j >= 1 && j <= n - 2)
                    g += c * vb[i - 1][j];
                if (i + 1 <= n - 2 && j >= 1 && j <= n - 2)
                    g += c * vb[i + 1][j];
                if (j - 1 >= 1 && i >= 1 && i <= n - 2)
                    g += c * vb[i][j - 1];
                if (j + 1 <= n - 2 && i >= 1 && i <= n - 2)
                    g += c * vb[i][j + 1];
                ub[i][j] += g;
            }
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                vb[i][j] = 0.0;
    }
    /* v as the primal leaves it */
    free(vs);
}
