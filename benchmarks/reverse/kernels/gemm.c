/* PolyBench gemm: C = alpha*A*B + beta*C.  Active: A, B, C -> C. */
void gemm(int ni, int nj, int nk, double alpha, double beta,
          double C[ni][nj], const double A[ni][nk], const double B[nk][nj])
{
    int i, j, k;
#pragma ad gradient(C : A, B, C)
#pragma omp parallel for private(i, j, k)
    for (i = 0; i < ni; i++) {
        for (j = 0; j < nj; j++)
            C[i][j] = C[i][j] * beta;
        for (k = 0; k < nk; k++)
            for (j = 0; j < nj; j++)
                C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
    }
}
