#include "hand_util.h"

/* Adjoint of gemver (A1 = A + u1 v1' + u2 v2'; x1 = x + beta A1' y + z; w1 = w + alpha A1 x1;
 * seeds Ab, xb, wb of A1, x1, w1).  The forward sweep recomputes A1 (in place in A, as the primal)
 * and x1 (in x) in one pass over the rows, the column sums A1' y accumulated per thread.  The
 * reverse sweep makes two more passes over the rows of A1 and Ab:
 *   pass 2: Ab += alpha wb x1';   xb += alpha A1' wb   (per-thread accumulators)
 *   pass 3: Ab += beta y xb';     yb += beta A1 xb;  zb += xb;
 *           then, on the same row, u1b += Ab v1, v1b += Ab' u1 (and u2, v2; per thread).
 * wb is unchanged (w1 = w + ...).  Memory: 3 vectors of n per thread. */
void gemver_hand(int n, double alpha, double beta, double A[n][n], double Ab[n][n],
                 const double u1[n], double u1b[n], const double v1[n], double v1b[n],
                 const double u2[n], double u2b[n], const double v2[n], double v2b[n], double w[n],
                 double wb[n], double x[n], double xb[n], const double y[n], double yb[n],
                 const double z[n], double zb[n])
{
    int nt;
    double *acc = hand_thread_buffers(2L * n, &nt);
    (void) w;
    /* forward: A1 and the per-thread parts of A1' y */
#pragma omp parallel
    {
        double *t = acc + (long) omp_get_thread_num() * 2 * n;
        int i, j;
#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            double a1 = u1[i], a2 = u2[i], yi = y[i];
            for (j = 0; j < n; j++) {
                double v = A[i][j] + a1 * v1[j] + a2 * v2[j];
                A[i][j] = v;
                t[j] += yi * v;
            }
        }
    }
    {
        int j;
#pragma omp parallel for schedule(static)
        for (j = 0; j < n; j++) {
            double s = 0.0;
            for (int th = 0; th < nt; th++) {
                s += acc[(long) th * 2 * n + j];
                acc[(long) th * 2 * n + j] = 0.0;
            }
            x[j] = x[j] + beta * s + z[j];
        }
    }
    /* pass 2: adjoint of w1 = w + alpha A1 x1 */
#pragma omp parallel
    {
        double *t = acc + (long) omp_get_thread_num() * 2 * n;
        int i, j;
#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            double g = alpha * wb[i];
            for (j = 0; j < n; j++) {
                Ab[i][j] += g * x[j];
                t[j] += g * A[i][j];
            }
        }
    }
    {
        int j;
#pragma omp parallel for schedule(static)
        for (j = 0; j < n; j++) {
            double s = 0.0;
            for (int th = 0; th < nt; th++) {
                s += acc[(long) th * 2 * n + j];
                acc[(long) th * 2 * n + j] = 0.0;
            }
            xb[j] += s;
            zb[j] += xb[j];
        }
    }
    /* pass 3: adjoint of x1 = x + beta A1' y + z, then of A1 = A + u1 v1' + u2 v2' */
#pragma omp parallel
    {
        double *t1 = acc + (long) omp_get_thread_num() * 2 * n;
        double *t2 = t1 + n;
        int i, j;
#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            double by = beta * y[i], sy = 0.0, s1 = 0.0, s2 = 0.0, a1 = u1[i], a2 = u2[i];
#pragma omp simd reduction(+ : sy, s1, s2)
            for (j = 0; j < n; j++) {
                double g = Ab[i][j] + by * xb[j];
                Ab[i][j] = g;
                sy += A[i][j] * xb[j];
                s1 += v1[j] * g;
                s2 += v2[j] * g;
                t1[j] += a1 * g;
                t2[j] += a2 * g;
            }
            yb[i] += beta * sy;
            u1b[i] += s1;
            u2b[i] += s2;
        }
    }
    {
        int j;
#pragma omp parallel for schedule(static)
        for (j = 0; j < n; j++) {
            double s1 = 0.0, s2 = 0.0;
            for (int th = 0; th < nt; th++) {
                s1 += acc[(long) th * 2 * n + j];
                s2 += acc[(long) th * 2 * n + n + j];
            }
            v1b[j] += s1;
            v2b[j] += s2;
        }
    }
    free(acc);
}
