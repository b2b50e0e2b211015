/* block_solver.c with a cubic reaction term in the second half-step: its
 * adjoint needs v of every step, so the adjoint records it (taped time loop). */
#pragma ad gradient(u : u)
void block_reaction(int n, int steps, double c, double u[n][n], double v[n][n])
{
#pragma omp parallel
    for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                v[i][j] = u[i][j] + c * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4.0 * u[i][j]);
#pragma omp for schedule(static) nowait
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                u[i][j] = v[i][j] - 0.01 * v[i][j] * v[i][j] * v[i][j];
#pragma omp barrier
    }
}
