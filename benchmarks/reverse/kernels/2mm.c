/* PolyBench 2mm: tmp = alpha*A*B; D = beta*D + tmp*C.  Active: A, B, C, D -> D. */
void k2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
          double tmp[ni][nj], const double A[ni][nk], const double B[nk][nj],
          const double C[nj][nl], double D[ni][nl])
{
    int i, j, k;
#pragma ad gradient(D : A, B, C, D)
#pragma omp parallel for private(i, j, k)
    for (i = 0; i < ni; i++)
        for (j = 0; j < nj; j++) {
            tmp[i][j] = 0.0;
            for (k = 0; k < nk; k++)
                tmp[i][j] = tmp[i][j] + alpha * A[i][k] * B[k][j];
        }
#pragma omp parallel for private(i, j, k)
    for (i = 0; i < ni; i++)
        for (j = 0; j < nl; j++) {
            D[i][j] = D[i][j] * beta;
            for (k = 0; k < nj; k++)
                D[i][j] = D[i][j] + tmp[i][k] * C[k][j];
        }
}
