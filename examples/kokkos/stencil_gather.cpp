#include <Kokkos_Core.hpp>

/* The three-point stencil of the Laplacian residual on the interior: its adjoint stencil is
   written as a gather (each iteration writes its own element of xb), with no atomics. */
void laplace1d(Kokkos::View<double*> y, Kokkos::View<const double*> x, int n)
{
#pragma ad stencil adjoint(y : yb, x : xb)
    Kokkos::parallel_for(Kokkos::RangePolicy<>(1, n - 1), KOKKOS_LAMBDA(const int i) {
        y(i) = x(i - 1) - 2.0 * x(i) + x(i + 1);
    });
}
