#include <Kokkos_Core.hpp>

/* The squared norm of the residual of a 1-D Laplacian (Liegeois et al.): scale x in place,
   apply the guarded three-point stencil, and reduce y^2. */
#pragma ad gradient(r : x)
double residual_norm(Kokkos::View<double*> x, Kokkos::View<double*> y, int n)
{
    Kokkos::parallel_for("scale", n, KOKKOS_LAMBDA(const int i) {
        x(i) = 2.0 * x(i);
    });
    Kokkos::parallel_for(Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i) {
        if (i > 0 && i < n - 1) {
            y(i) = x(i - 1) - 2.0 * x(i) + x(i + 1);
        } else {
            y(i) = x(i);
        }
    });
    double r = 0.0;
    Kokkos::parallel_reduce(n, KOKKOS_LAMBDA(const int i, double& s) {
        s += y(i) * y(i);
    }, r);
    return r;
}
