/* PolyBench doitgen: A[r][q][:] = A[r][q][:] * C4, with the work array sum per (r, q) so that
 * the loop over r is parallel.  Active: A, C4 -> A. */
void doitgen(int nr, int nq, int np, double A[nr][nq][np], const double C4[np][np],
             double sum[nr][nq][np])
{
    int r, q, p, s;
#pragma ad gradient(A : A, C4)
#pragma omp parallel for private(r, q, p, s)
    for (r = 0; r < nr; r++)
        for (q = 0; q < nq; q++) {
            for (p = 0; p < np; p++) {
                sum[r][q][p] = 0.0;
                for (s = 0; s < np; s++)
                    sum[r][q][p] = sum[r][q][p] + A[r][q][s] * C4[s][p];
            }
            for (p = 0; p < np; p++)
                A[r][q][p] = sum[r][q][p];
        }
}
