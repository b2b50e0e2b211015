#include "hand_util.h"

/* Adjoint of doitgen (A_out[r][q] = A[r][q] C4 for every (r, q); seed Ab).  In parallel over r,
 * for each (r, q): g = Ab[r][q] (copied to a local vector), Ab[r][q] = C4 g (dot products), and
 * C4b += A[r][q] g^T into a per-thread accumulator (np x np, summed after the loop).  A still
 * holds the input, so there is no tape; sum is not needed and sumb stays zero. */
void doitgen_hand(int nr, int nq, int np, double A[nr][nq][np], double Ab[nr][nq][np],
                  const double C4[np][np], double C4b[np][np], double sum[nr][nq][np],
                  double sumb[nr][nq][np])
{
    int nt;
    double *acc = hand_thread_buffers((long) np * np, &nt);
    (void) sum;
    (void) sumb;
#pragma omp parallel
    {
        double *t = acc + (long) omp_get_thread_num() * np * np;
        double *g = (double *) malloc((size_t) np * sizeof(double));
        int r, q, p, s;
#pragma omp for schedule(static)
        for (r = 0; r < nr; r++)
            for (q = 0; q < nq; q++) {
                for (p = 0; p < np; p++)
                    g[p] = Ab[r][q][p];
                for (s = 0; s < np; s++) {
                    double a = A[r][q][s], d = 0.0;
#pragma omp simd reduction(+ : d)
                    for (p = 0; p < np; p++) {
                        d += C4[s][p] * g[p];
                        t[(long) s * np + p] += a * g[p];
                    }
                    Ab[r][q][s] = d;
                }
            }
        free(g);
    }
    hand_reduce_into(&C4b[0][0], acc, (long) np * np, nt);
    free(acc);
}
