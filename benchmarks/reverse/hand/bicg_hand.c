#include "hand_util.h"

/* Adjoint of bicg (s = A^T r; q = A p; seeds sb, qb).  One pass over the rows of A and Ab:
 * Ab[i] += r_i sb + qb_i p; rb_i += A[i].sb (a dot product); pb += qb_i A[i] into a per-thread
 * accumulator (summed after the loop).  sb and qb are zeroed (s and q are overwritten).  No tape;
 * one vector of m per thread. */
void bicg_hand(int m, int n, const double A[n][m], double Ab[n][m], double s[m], double sb[m],
               double q[n], double qb[n], const double p[m], double pb[m], const double r[n],
               double rb[n])
{
    int nt;
    double *acc = hand_thread_buffers(m, &nt);
    (void) s;
    (void) q;
#pragma omp parallel
    {
        double *t = acc + (long) omp_get_thread_num() * m;
        int i, j;
#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            double ri = r[i], qi = qb[i], g = 0.0;
#pragma omp simd reduction(+ : g)
            for (j = 0; j < m; j++) {
                g += A[i][j] * sb[j];
                Ab[i][j] += ri * sb[j] + qi * p[j];
                t[j] += qi * A[i][j];
            }
            rb[i] += g;
            qb[i] = 0.0;
        }
    }
    hand_reduce_into(pb, acc, m, nt);
    {
        int j;
#pragma omp parallel for schedule(static)
        for (j = 0; j < m; j++)
            sb[j] = 0.0;
    }
    free(acc);
}
