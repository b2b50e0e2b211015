#include "hand_util.h"

/* Adjoint of atax (tmp = A x; y = A^T tmp; seed yb).  One pass over the rows of A and Ab:
 * for row i, tmp_i = A[i].x and tmpb_i = A[i].yb (the forward value and its adjoint, two dot
 * products), then Ab[i] += tmp_i yb + tmpb_i x, and xb += tmpb_i A[i] into a per-thread
 * accumulator (summed after the loop).  yb is zeroed (y is overwritten); tmpb is not used
 * (it stays zero).  No tape; one vector of n per thread. */
void atax_hand(int m, int n, const double A[m][n], double Ab[m][n], const double x[n],
               double xb[n], double y[n], double yb[n], double tmp[m], double tmpb[m])
{
    int nt;
    double *acc = hand_thread_buffers(n, &nt);
    (void) y;
    (void) tmpb;
#pragma omp parallel
    {
        double *t = acc + (long) omp_get_thread_num() * n;
        int i, j;
#pragma omp for schedule(static)
        for (i = 0; i < m; i++) {
            double s = 0.0, g = 0.0;
#pragma omp simd reduction(+ : s, g)
            for (j = 0; j < n; j++) {
                s += A[i][j] * x[j];
                g += A[i][j] * yb[j];
            }
            tmp[i] = s;
            for (j = 0; j < n; j++) {
                Ab[i][j] += s * yb[j] + g * x[j];
                t[j] += g * A[i][j];
            }
        }
    }
    hand_reduce_into(xb, acc, n, nt);
    {
        int j;
#pragma omp parallel for schedule(static)
        for (j = 0; j < n; j++)
            yb[j] = 0.0;
    }
    free(acc);
}
