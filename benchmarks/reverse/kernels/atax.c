/* PolyBench atax: y = A'*(A*x), the second product as its own parallel loop over the
 * columns (the PolyBench loop accumulates y over the rows, which races).  Active: A, x -> y. */
void atax(int m, int n, const double A[m][n], const double x[n], double y[n], double tmp[m])
{
    int i, j;
#pragma ad gradient(y : A, x)
#pragma omp parallel for private(i, j)
    for (i = 0; i < m; i++) {
        tmp[i] = 0.0;
        for (j = 0; j < n; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
    }
#pragma omp parallel for private(i, j)
    for (j = 0; j < n; j++) {
        y[j] = 0.0;
        for (i = 0; i < m; i++)
            y[j] = y[j] + A[i][j] * tmp[i];
    }
}
