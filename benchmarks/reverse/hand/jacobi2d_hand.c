#include <stdlib.h>

/* One half step of the adjoint of jacobi-2d: the transpose of Y_int = 0.2 (5-point sum of X),
 * written as a gather so that each row of Y is written by one thread only:
 *   Y[p][q] (+)= 0.2 * sum of X over those of (p,q), (p,q-1), (p,q+1), (p-1,q), (p+1,q) that are
 *   interior points (the points the primal wrote).
 * With zero_interior, the interior of Y is first set to zero: the primal's previous statement
 * overwrote it, so its adjoint is reset there (deferred from the previous half step, so that Y is
 * read and written in one pass).  zrow: n zeros, read in place of the rows that give nothing. */
static void jacobi2d_hand_half(int n, double Y[n][n], const double X[n][n], int zero_interior,
                               const double *zrow)
{
    int p, q;
#pragma omp parallel for private(q) schedule(static)
    for (p = 0; p < n; p++) {
        int rp = p >= 1 && p <= n - 2;
        const double *xc = rp ? X[p] : zrow;
        const double *xu = (p >= 2 && p <= n - 1) ? X[p - 1] : zrow;
        const double *xd = (p >= 0 && p <= n - 3) ? X[p + 1] : zrow;
        double *y = Y[p];
        double keep = (zero_interior && rp) ? 0.0 : 1.0;
        y[0] += 0.2 * xc[1];
        y[n - 1] += 0.2 * xc[n - 2];
        y[1] = keep * y[1] + 0.2 * (xc[1] + xc[2] + xu[1] + xd[1]);
        for (q = 2; q <= n - 3; q++)
            y[q] = keep * y[q] + 0.2 * (xc[q - 1] + xc[q] + xc[q + 1] + xu[q] + xd[q]);
        y[n - 2] = keep * y[n - 2] + 0.2 * (xc[n - 3] + xc[n - 2] + xu[n - 2] + xd[n - 2]);
    }
}

/* Adjoint of jacobi-2d (seeds Ab, Bb).  The stencil is linear, so the adjoint needs no primal
 * value at all: no trajectory is stored, and A and B are not read.  Time steps in reverse; each
 * step is two gather half steps (adjoint of A_int = S B, then of B_int = S A).  Needs n >= 4. */
void jacobi2d_hand(int tsteps, int n, double A[n][n], double Ab[n][n], double B[n][n],
                   double Bb[n][n])
{
    int t, p, q;
    double *zrow = (double *) calloc((size_t) n, sizeof(double));
    (void) A;
    (void) B;
    for (t = tsteps - 1; t >= 0; t--) {
        jacobi2d_hand_half(n, Bb, Ab, t != tsteps - 1, zrow);
        jacobi2d_hand_half(n, Ab, Bb, 1, zrow);
    }
    if (tsteps > 0) {
#pragma omp parallel for private(q) schedule(static)
        for (p = 1; p < n - 1; p++)
            for (q = 1; q < n - 1; q++)
                Bb[p][q] = 0.0;
    }
    free(zrow);
}
