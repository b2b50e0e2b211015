/* PolyBench jacobi-2d: tsteps time steps of the 5-point average, A -> B -> A; sequential time
 * loop around parallel loops over the rows.  Active: A, B -> A, B. */
void jacobi2d(int tsteps, int n, double A[n][n], double B[n][n])
{
    int t, i, j;
#pragma ad gradient(A, B : A, B)
    for (t = 0; t < tsteps; t++) {
#pragma omp parallel for private(i, j)
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma omp parallel for private(i, j)
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
    }
}
