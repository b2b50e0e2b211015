/* Times the Laplacian-residual example (examples/kokkos/residual_norm.cpp): the primal, its
   generated adjoint (race analysis: atomics on the stencil's increments only) and the all-atomic
   adjoint, at the sizes given on the command line. Prints one line per size:
   n primal_s adjoint_s all_atomic_s (minimum of the repetitions). */
#include <Kokkos_Core.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "residual_norm.cpp"
#include "generated/residual_norm_b.cpp"
namespace all_atomic {
#include "generated/residual_norm_b_atomic.cpp"
}

template <typename F>
static double best_of(int reps, F &&f)
{
    double best = 1e300;
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        f();
        Kokkos::fence();
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = s < best ? s : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    Kokkos::initialize(argc, argv);
    {
        std::printf("# backend %s, concurrency %d\n", Kokkos::DefaultExecutionSpace::name(),
                    (int) Kokkos::DefaultExecutionSpace().concurrency());
        for (int a = 1; a < argc; a++) {
            int n = std::atoi(argv[a]);
            if (n <= 0) {
                continue;
            }
            int reps = n <= 100000 ? 50 : n <= 1000000 ? 10 : 5;
            Kokkos::View<double*> x0("x0", n), x("x", n), y("y", n), xb("xb", n), yb("yb", n);
            Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { x0(i) = std::sin(0.001 * i) + 1.5; });
            double sink = 0.0;
            double tp = best_of(reps, [&] { Kokkos::deep_copy(x, x0); sink += residual_norm(x, y, n); });
            double ta = best_of(reps, [&] {
                Kokkos::deep_copy(x, x0);
                Kokkos::deep_copy(xb, 0.0);
                Kokkos::deep_copy(yb, 0.0);
                residual_norm_b(x, xb, y, yb, n, 1.0);
            });
            double tc = best_of(reps, [&] {
                Kokkos::deep_copy(x, x0);
                Kokkos::deep_copy(xb, 0.0);
                Kokkos::deep_copy(yb, 0.0);
                all_atomic::residual_norm_b(x, xb, y, yb, n, 1.0);
            });
            // the copies of the inputs are timed with each variant: time them alone to subtract
            double tcopy = best_of(reps, [&] { Kokkos::deep_copy(x, x0); });
            double tcopy3 = best_of(reps, [&] {
                Kokkos::deep_copy(x, x0);
                Kokkos::deep_copy(xb, 0.0);
                Kokkos::deep_copy(yb, 0.0);
            });
            std::printf("%d %.6e %.6e %.6e %.6e %.6e %g\n", n, tp, ta, tc, tcopy, tcopy3, sink > 0 ? 1.0 : 0.0);
        }
    }
    Kokkos::finalize();
    return 0;
}
