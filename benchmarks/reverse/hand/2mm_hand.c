/* Adjoint of 2mm (tmp = alpha A B; D_out = beta D + tmp C; seed Db).  The forward sweep recomputes
 * tmp (the primal's first loop, into the primal's work array); then
 *   tmpb  = Db C^T           (parallel over rows i; dot products)
 *   Cb   += tmp^T Db         (parallel over rows k of Cb, loops swapped: no shared writes)
 *   Db    = beta Db
 *   Ab   += alpha tmpb B^T   (parallel over rows i)
 *   Bb   += alpha A^T tmpb   (parallel over rows k of Bb)
 * and tmpb is zeroed again (tmp is overwritten by the primal).  No tape. */
void k2mm_hand(int ni, int nj, int nk, int nl, double alpha, double beta, double tmp[ni][nj],
               double tmpb[ni][nj], const double A[ni][nk], double Ab[ni][nk],
               const double B[nk][nj], double Bb[nk][nj], const double C[nj][nl],
               double Cb[nj][nl], double D[ni][nl], double Db[ni][nl])
{
    int i, j, k;
    (void) D;
#pragma omp parallel private(i, j, k)
    {
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++) {
            for (j = 0; j < nj; j++)
                tmp[i][j] = 0.0;
            for (k = 0; k < nk; k++) {
                double a = alpha * A[i][k];
                for (j = 0; j < nj; j++)
                    tmp[i][j] += a * B[k][j];
            }
        }
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++)
            for (k = 0; k < nj; k++) {
                double s = 0.0;
#pragma omp simd reduction(+ : s)
                for (j = 0; j < nl; j++)
                    s += Db[i][j] * C[k][j];
                tmpb[i][k] = s;
            }
#pragma omp for schedule(static)
        for (k = 0; k < nj; k++)
            for (i = 0; i < ni; i++) {
                double t = tmp[i][k];
                for (j = 0; j < nl; j++)
                    Cb[k][j] += t * Db[i][j];
            }
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++) {
            for (j = 0; j < nl; j++)
                Db[i][j] = beta * Db[i][j];
            for (k = 0; k < nk; k++) {
                double s = 0.0;
#pragma omp simd reduction(+ : s)
                for (j = 0; j < nj; j++)
                    s += tmpb[i][j] * B[k][j];
                Ab[i][k] += alpha * s;
            }
        }
#pragma omp for schedule(static)
        for (k = 0; k < nk; k++)
            for (i = 0; i < ni; i++) {
                double a = alpha * A[i][k];
                for (j = 0; j < nj; j++)
                    Bb[k][j] += a * tmpb[i][j];
            }
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++)
            for (j = 0; j < nj; j++)
                tmpb[i][j] = 0.0;
    }
}
