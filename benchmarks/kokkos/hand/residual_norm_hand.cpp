/* The gradient of residual_norm (examples/kokkos/residual_norm.cpp) written by hand, with the
   signature and semantics of the generated residual_norm_b: xb is incremented by rb times the
   gradient with respect to the input x, yb is the seed of y's final value and is zero on exit.
   Like the generated adjoint it need not leave the primal's outputs (the scaled x, y) in their
   Views.

   With z = 2 x and y = L z (L the guarded stencil: y_j = z_{j-1} - 2 z_j + z_{j+1} inside,
   y_j = z_j at both ends), r = sum_j y_j^2 gives
       ybar_j = yb_j + 2 y_j rb,   xb += 2 L^T ybar.
   One kernel gathers column i of L^T ybar, recomputing the y_j it needs from x (nothing stored),
   and a second resets yb (it cannot be reset in the gather: neighbouring iterations read it). */
#include <Kokkos_Core.hpp>

KOKKOS_INLINE_FUNCTION double residual_norm_hand_ybar(Kokkos::View<double*> x, Kokkos::View<double*> yb, int n,
                                                      double rb, int j)
{
    double yj = j > 0 && j < n - 1 ? 2.0 * (x(j - 1) - 2.0 * x(j) + x(j + 1)) : 2.0 * x(j);
    return yb(j) + 2.0 * yj * rb;
}

void residual_norm_hand(Kokkos::View<double*> x, Kokkos::View<double*> xb, Kokkos::View<double*> y,
                        Kokkos::View<double*> yb, int n, double rb)
{
    (void) y;
    Kokkos::parallel_for("gather", n, KOKKOS_LAMBDA(const int i) {
        /* the rows j of L with a nonzero in column i: j = i - 1 and j = i + 1 when they are
           interior rows (coefficient 1), and j = i itself (-2 inside, 1 at an end) */
        double s = (i > 0 && i < n - 1 ? -2.0 : 1.0) * residual_norm_hand_ybar(x, yb, n, rb, i);
        if (i - 1 > 0 && i - 1 < n - 1) {
            s += residual_norm_hand_ybar(x, yb, n, rb, i - 1);
        }
        if (i + 1 > 0 && i + 1 < n - 1) {
            s += residual_norm_hand_ybar(x, yb, n, rb, i + 1);
        }
        xb(i) += 2.0 * s;
    });
    Kokkos::parallel_for("reset", n, KOKKOS_LAMBDA(const int i) { yb(i) = 0.0; });
}
