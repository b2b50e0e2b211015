/* PolyBench gemver: A = A + u1*v1' + u2*v2'; x = x + beta*A'*y + z; w = w + alpha*A*x.
 * Active: A, u1, v1, u2, v2, y, z, x, w -> A, x, w (A and x are overwritten, so they are
 * dependents as well). */
void gemver(int n, double alpha, double beta, double A[n][n],
            const double u1[n], const double v1[n], const double u2[n], const double v2[n],
            double w[n], double x[n], const double y[n], const double z[n])
{
    int i, j;
#pragma ad gradient(A, x, w : A, u1, v1, u2, v2, y, z, x, w)
#pragma omp parallel for private(i, j)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma omp parallel for private(i, j)
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            x[i] = x[i] + beta * A[j][i] * y[j];
        x[i] = x[i] + z[i];
    }
#pragma omp parallel for private(i, j)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            w[i] = w[i] + alpha * A[i][j] * x[j];
}
