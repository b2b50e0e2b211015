/* PolyBench trmm: B = alpha * A' * B with A unit lower triangular, the loop over the columns j
 * of B parallel inside the sequential loop over the rows i.  Active: A, B -> B. */
void trmm(int m, int n, double alpha, const double A[m][m], double B[m][n])
{
    int i, j, k;
#pragma ad gradient(B : A, B)
    for (i = 0; i < m; i++) {
#pragma omp parallel for private(j, k)
        for (j = 0; j < n; j++) {
            for (k = i + 1; k < m; k++)
                B[i][j] = B[i][j] + A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
    }
}
