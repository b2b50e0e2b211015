#include <Kokkos_Core.hpp>
#include <cmath>

#pragma ad gradient(y : x, alpha)
void axpy_sq(Kokkos::View<double*> y, Kokkos::View<const double*> x, double alpha, int n)
{
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(i) = alpha * x(i) * x(i) + y(i);
    });
}

#pragma ad gradient(y : x)
void scatter_idx(Kokkos::View<double*> y, Kokkos::View<const double*> x, Kokkos::View<const int*> idx, int n)
{
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(idx(i)) = x(i) * x(i);
    });
}

#pragma ad gradient(b : a)
void laplace2d(Kokkos::View<double**, Kokkos::LayoutLeft> b, Kokkos::View<const double**, Kokkos::LayoutLeft> a,
               int n, int m)
{
    Kokkos::parallel_for(Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 1}, {n - 1, m - 1}),
                         KOKKOS_LAMBDA(const int i, const int j) {
        b(i, j) = a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1) - 4.0 * a(i, j) * a(i, j);
    });
}

#pragma ad gradient(y : a)
void column_sq(Kokkos::View<double*> y, Kokkos::View<double**> a, int n, int k)
{
    auto col = Kokkos::subview(a, Kokkos::ALL, k);
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(i) = col(i) * col(i);
    });
}

#pragma ad gradient(y : x)
void copy_then_square(Kokkos::View<double*> y, Kokkos::View<double*> x, Kokkos::View<double*> w, int n)
{
    Kokkos::deep_copy(w, x);
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(i) = w(i) * w(i) + x(i);
    });
}

#pragma ad gradient(y : alpha, x)
void fill_scale(Kokkos::View<double*> y, Kokkos::View<double*> x, double alpha, int n)
{
    Kokkos::deep_copy(y, alpha);
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(i) = y(i) * std::sin(x(i));
    });
}

#pragma ad gradient(y : x)
void temporaries(Kokkos::View<double*> y, Kokkos::View<const double*> x, int n)
{
    Kokkos::parallel_for("tmp", n, KOKKOS_LAMBDA(const int i) {
        double t = std::sin(x(i));
        double u = t * t;
        y(i) = u * std::exp(x(i)) + t;
    });
}

#pragma ad gradient(s : x)
template <typename ViewtypeX>
double sum_sq(ViewtypeX x, int n)
{
    double s = 0.0;
    Kokkos::parallel_reduce(n, KOKKOS_LAMBDA(const int i, double& acc) {
        acc += x(i) * x(i);
    }, s);
    return s;
}

#pragma ad gradient(r : x, y)
double dot(Kokkos::View<const double*> x, Kokkos::View<const double*> y, int n)
{
    double r = 0.0;
    Kokkos::parallel_reduce(Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i, double& acc) {
        acc += x(i) * y(i);
    }, r);
    return r;
}

#pragma ad gradient(a : b, c)
void scale3d(Kokkos::View<double***> a, Kokkos::View<const double***> b, Kokkos::View<const double*> c, int n)
{
    Kokkos::parallel_for(Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {n, n, n}),
                         KOKKOS_LAMBDA(const int i, const int j, const int k) {
        a(i, j, k) = b(i, j, k) * c(k);
    });
}

#pragma ad gradient(y : v)
void fixed_extent(Kokkos::View<double*> y, Kokkos::View<const double*[3]> v, int n)
{
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        y(i) = v(i, 0) * v(i, 1) + v(i, 2);
    });
}

#pragma ad gradient(y : a, x)
void gemv(Kokkos::View<double*> y, Kokkos::View<const double**> a, Kokkos::View<const double*> x, int n, int m)
{
    Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) {
        double acc = 0.0;
        for (int j = 0; j < m; j++) {
            acc += a(i, j) * x(j);
        }
        y(i) = acc;
    });
}
