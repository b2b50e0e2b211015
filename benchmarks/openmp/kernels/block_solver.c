/* The block-decomposed 2-D five-point solver of OpDiLib's performance study,
 * written the way OpenMP codes write it: one parallel region around the time
 * loop; each thread owns a block of rows (schedule(static) gives every thread
 * one contiguous block), reads its neighbours' rows only at the block
 * boundaries, and the threads meet at a barrier after each step (Jacobi
 * iterations of the heat equation: linear, so its adjoint records nothing). */
#pragma ad gradient(u : u)
void block_solver(int n, int steps, double c, double u[n][n], double v[n][n])
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
                u[i][j] = v[i][j];
#pragma omp barrier
    }
}
