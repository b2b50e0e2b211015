/* PolyBench bicg: s = A'*r, q = A*p, each product a parallel loop over its outputs.
 * Active: A, r, p -> s, q. */
void bicg(int m, int n, const double A[n][m], double s[m], double q[n],
          const double p[m], const double r[n])
{
    int i, j;
#pragma ad gradient(s, q : A, r, p)
#pragma omp parallel for private(i, j)
    for (j = 0; j < m; j++) {
        s[j] = 0.0;
        for (i = 0; i < n; i++)
            s[j] = s[j] + r[i] * A[i][j];
    }
#pragma omp parallel for private(i, j)
    for (i = 0; i < n; i++) {
        q[i] = 0.0;
        for (j = 0; j < m; j++)
            q[i] = q[i] + A[i][j] * p[j];
    }
}
