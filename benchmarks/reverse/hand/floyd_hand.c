#include <stdint.h>
#include "hand_util.h"

/* Adjoint of floyd (path[i][j] = path[i][j] <= path[i][k] + path[k][j] ? path[i][j]
 * : path[i][k] + path[k][j] for k = 0..n-1; seed pathb).  The forward sweep runs the primal and
 * records one bit per (k, i, j): whether the sum was taken (n^3 / 8 bytes).  With a non-negative
 * diagonal, row k and column k do not change in step k (so the bits of i = k and j = k are 0, and
 * the steps' reads are the values before the step).  The reverse sweep, for k from n-1 down, in
 * parallel over i: for each (i, j) whose bit is set, g = pathb[i][j]; pathb[i][j] = 0;
 * pathb[i][k] += g (row i, the thread's own) and pathb[k][j] += g into a per-thread row, summed
 * into row k after the loop. */
void floyd_hand(int n, double path[n][n], double pathb[n][n])
{
    int i, j, k, nt;
    int nw = (n + 63) / 64;
    uint64_t *bits = (uint64_t *) malloc((size_t) n * n * nw * sizeof(uint64_t));
    double *acc = hand_thread_buffers(n, &nt);
    if (bits == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (k = 0; k < n; k++) {
#pragma omp parallel for private(j) schedule(static)
        for (i = 0; i < n; i++) {
            uint64_t *b = bits + ((size_t) k * n + i) * nw;
            const double pik = path[i][k];
            for (int w = 0; w < nw; w++) {
                uint64_t word = 0;
                int jend = (w + 1) * 64 < n ? (w + 1) * 64 : n;
                for (j = w * 64; j < jend; j++) {
                    double s = pik + path[k][j];
                    int take = !(path[i][j] <= s);
                    path[i][j] = take ? s : path[i][j];
                    word |= (uint64_t) take << (j - w * 64);
                }
                b[w] = word;
            }
        }
    }
    for (k = n - 1; k >= 0; k--) {
#pragma omp parallel private(i, j)
        {
            double *t = acc + (long) omp_get_thread_num() * n;
            for (j = 0; j < n; j++)
                t[j] = 0.0;
#pragma omp for schedule(static)
            for (i = 0; i < n; i++) {
                const uint64_t *b = bits + ((size_t) k * n + i) * nw;
                double gk = 0.0;
                for (int w = 0; w < nw; w++) {
                    uint64_t word = b[w];
                    while (word) {
                        j = w * 64 + __builtin_ctzll(word);
                        word &= word - 1;
                        double g = pathb[i][j];
                        pathb[i][j] = 0.0;
                        gk += g;
                        t[j] += g;
                    }
                }
                pathb[i][k] += gk;
            }
        }
        hand_reduce_into(pathb[k], acc, n, nt);
    }
    free(acc);
    free(bits);
}
