/* The adjoint of kernels/block_solver.c as one writes it by hand: nothing to
 * record (the solver is linear); the steps run backwards, each as parallel
 * loops over rows: the copy's adjoint, then the five-point stencil's adjoint
 * as a gather (each point sums what it fed), so no increment is shared. */
void block_solver_hand(int n, int steps, double c, double u[n][n], double ub[n][n], double v[n][n],
                       double vb[n][n])
{
    (void) u;
    (void) v;
#pragma omp parallel
    for (int s = steps - 1; s >= 0; s--) {
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                vb[i][j] += ub[i][j];
                ub[i][j] = 0.0;
            }
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double g = 0.0;
                if (i >= 1 && i <= n - 2 && j >= 1 && j <= n - 2)
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
}
