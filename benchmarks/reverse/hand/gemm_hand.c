/* Adjoint of gemm (C_out = alpha A B + beta C):
 *   Ab += alpha Cb B^T  (parallel over the rows of Ab: dot products of rows of Cb and B)
 *   Bb += alpha A^T Cb  (parallel over the rows k of Bb, loops swapped so no two threads write
 *                        the same row; an axpy of the rows of Cb)
 *   Cb  = beta Cb.
 * No tape: A and B are inputs that the primal does not change. */
void gemm_hand(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj],
               double Cb[ni][nj], const double A[ni][nk], double Ab[ni][nk],
               const double B[nk][nj], double Bb[nk][nj])
{
    int i, j, k;
    (void) C;
#pragma omp parallel private(i, j, k)
    {
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++)
            for (k = 0; k < nk; k++) {
                double s = 0.0;
#pragma omp simd reduction(+ : s)
                for (j = 0; j < nj; j++)
                    s += Cb[i][j] * B[k][j];
                Ab[i][k] += alpha * s;
            }
#pragma omp for schedule(static)
        for (k = 0; k < nk; k++)
            for (i = 0; i < ni; i++) {
                double a = alpha * A[i][k];
                for (j = 0; j < nj; j++)
                    Bb[k][j] += a * Cb[i][j];
            }
#pragma omp for schedule(static)
        for (i = 0; i < ni; i++)
            for (j = 0; j < nj; j++)
                Cb[i][j] = beta * Cb[i][j];
    }
}
