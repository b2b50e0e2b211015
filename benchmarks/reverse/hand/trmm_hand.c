/* Adjoint of trmm (B_out[i] = alpha (B[i] + sum_{k>i} A[k][i] B[k]), every B on the right the
 * input, since row i is updated before the rows below it; seed Bb).
 *   Ab[k][i] += alpha Bb[i].B[k] for k > i: dot products of the seed rows with the input rows
 *               (which B still holds: no tape), in parallel over the rows k of Ab;
 *   Bb[i]     = alpha (Bb[i] + sum_{k<i} A[i][k] Bb[k]), in place from the last row up (rows
 *               k < i still hold the seed), each thread on its own block of columns. */
void trmm_hand(int m, int n, double alpha, const double A[m][m], double Ab[m][m], double B[m][n],
               double Bb[m][n])
{
    int i, j, k;
#pragma omp parallel private(i, j, k)
    {
#pragma omp for schedule(dynamic, 8)
        for (k = 1; k < m; k++)
            for (i = 0; i < k; i++) {
                double s = 0.0;
#pragma omp simd reduction(+ : s)
                for (j = 0; j < n; j++)
                    s += Bb[i][j] * B[k][j];
                Ab[k][i] += alpha * s;
            }
        int nt = omp_get_num_threads(), th = omp_get_thread_num();
        int j0 = (int) ((long) n * th / nt), j1 = (int) ((long) n * (th + 1) / nt);
#pragma omp barrier
        for (i = m - 1; i >= 0; i--) {
            for (k = 0; k < i; k++) {
                double a = A[i][k];
                for (j = j0; j < j1; j++)
                    Bb[i][j] += a * Bb[k][j];
            }
            for (j = j0; j < j1; j++)
                Bb[i][j] = alpha * Bb[i][j];
        }
    }
}
