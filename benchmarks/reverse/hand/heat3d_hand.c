#include <stdlib.h>

/* One half step of the adjoint of heat-3d: the transpose of Y_int = X + 0.125 (7-point
 * Laplacian of X), i.e. 0.25 at the centre and 0.125 at the 6 neighbours, written as a gather so
 * that each (p, q) row of Y is written by one thread only: Y at a point (+)= the weighted sum of
 * X over those of the point and its 6 neighbours that are interior points.  With zero_interior,
 * the interior of Y is first set to zero (the reset of the adjoint of the array the previous
 * statement overwrote, deferred to this pass).  zrow: n zeros, read in place of rows that give
 * nothing. */
static void heat3d_hand_half(int n, double Y[n][n][n], const double X[n][n][n], int zero_interior,
                             const double *zrow)
{
    int p, q, r;
#pragma omp parallel for private(q, r) schedule(static)
    for (p = 0; p < n; p++)
        for (q = 0; q < n; q++) {
            int ip = p >= 1 && p <= n - 2, iq = q >= 1 && q <= n - 2;
            const double *xc = (ip && iq) ? X[p][q] : zrow;
            const double *xu = (p >= 2 && p <= n - 1 && iq) ? X[p - 1][q] : zrow;
            const double *xd = (p <= n - 3 && iq) ? X[p + 1][q] : zrow;
            const double *xl = (ip && q >= 2 && q <= n - 1) ? X[p][q - 1] : zrow;
            const double *xr = (ip && q <= n - 3) ? X[p][q + 1] : zrow;
            double *y = Y[p][q];
            double keep = (zero_interior && ip && iq) ? 0.0 : 1.0;
            y[0] += 0.125 * xc[1];
            y[n - 1] += 0.125 * xc[n - 2];
            y[1] = keep * y[1] + 0.25 * xc[1]
                 + 0.125 * (xc[2] + xu[1] + xd[1] + xl[1] + xr[1]);
            for (r = 2; r <= n - 3; r++)
                y[r] = keep * y[r] + 0.25 * xc[r]
                     + 0.125 * (xc[r - 1] + xc[r + 1] + xu[r] + xd[r] + xl[r] + xr[r]);
            y[n - 2] = keep * y[n - 2] + 0.25 * xc[n - 2]
                     + 0.125 * (xc[n - 3] + xu[n - 2] + xd[n - 2] + xl[n - 2] + xr[n - 2]);
        }
}

/* Adjoint of heat-3d (seeds Ab, Bb).  The update is linear, so no trajectory is stored and A and
 * B are not read: time steps in reverse, two gather half steps each.  Needs n >= 4. */
void heat3d_hand(int tsteps, int n, double A[n][n][n], double Ab[n][n][n], double B[n][n][n],
                 double Bb[n][n][n])
{
    int t, p, q, r;
    double *zrow = (double *) calloc((size_t) n, sizeof(double));
    (void) A;
    (void) B;
    for (t = tsteps; t >= 1; t--) {
        heat3d_hand_half(n, Bb, Ab, t != tsteps, zrow);
        heat3d_hand_half(n, Ab, Bb, 1, zrow);
    }
    if (tsteps > 0) {
#pragma omp parallel for private(q, r) schedule(static)
        for (p = 1; p < n - 1; p++)
            for (q = 1; q < n - 1; q++)
                for (r = 1; r < n - 1; r++)
                    Bb[p][q][r] = 0.0;
    }
    free(zrow);
}
