/* PolyBench heat-3d: tsteps time steps of the explicit 7-point heat update, A -> B -> A;
 * sequential time loop around parallel loops over i.  Active: A, B -> A, B. */
void heat3d(int tsteps, int n, double A[n][n][n], double B[n][n][n])
{
    int t, i, j, k;
#pragma ad gradient(A, B : A, B)
    for (t = 1; t <= tsteps; t++) {
#pragma omp parallel for private(i, j, k)
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                for (k = 1; k < n - 1; k++)
                    B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                               + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                               + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                               + A[i][j][k];
#pragma omp parallel for private(i, j, k)
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                for (k = 1; k < n - 1; k++)
                    A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                               + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                               + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                               + B[i][j][k];
    }
}
