/* Times the Laplacian-residual example (examples/kokkos/residual_norm.cpp): the primal, its
   generated adjoint (paradjoint differentiate's default), the all-atomic adjoint and the adjoint
   written by hand (hand/residual_norm_hand.cpp), at the sizes given on the command line, after
   checking that the three adjoints agree. Prints one line per size:
   n primal_s adjoint_s all_atomic_s copy_s copy3_s ok hand_s max_rel_diff
   (times: minimum of the repetitions, in which the variants take turns). */
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
#include "hand/residual_norm_hand.cpp"

/* Largest difference between the gradients of two adjoints, relative to the largest entry. Both
   start from xb = 0.5 everywhere: an adjoint must add to what the caller's xb holds, never scale
   it (the generated one increments xb directly where x is only scaled in place). */
template <typename A, typename B>
static double max_rel_diff(Kokkos::View<double*> x0, int n, A &&a, B &&b)
{
    Kokkos::View<double*> x("xc", n), y("yc", n), ga("ga", n), gb("gb", n), yb("ybc", n);
    Kokkos::deep_copy(ga, 0.5);
    Kokkos::deep_copy(gb, 0.5);
    Kokkos::deep_copy(x, x0);
    a(x, ga, y, yb, n, 1.0);
    Kokkos::deep_copy(x, x0);
    Kokkos::deep_copy(yb, 0.0);
    b(x, gb, y, yb, n, 1.0);
    Kokkos::fence();
    auto ha = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ga);
    auto hb = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), gb);
    double diff = 0.0, scale = 0.0;
    for (int i = 0; i < n; i++) {
        diff = std::fmax(diff, std::fabs(ha(i) - hb(i)));
        scale = std::fmax(scale, std::fabs(ha(i)));
    }
    return diff / (scale > 0 ? scale : 1.0);
}

/* Times one call of f into best (the least so far). */
template <typename F>
static void time_into(double &best, F &&f)
{
    auto t0 = std::chrono::steady_clock::now();
    f();
    Kokkos::fence();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = s < best ? s : best;
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
            int reps = n <= 100000 ? 200 : n <= 1000000 ? 30 : 10;
            Kokkos::View<double*> x0("x0", n), x("x", n), y("y", n), xb("xb", n), yb("yb", n);
            Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { x0(i) = std::sin(0.001 * i) + 1.5; });
            double sink = 0.0;
            double tp = 1e300, ta = 1e300, tc = 1e300, th = 1e300, tcopy = 1e300, tcopy3 = 1e300;
            // the variants take turns in every repetition, so that a change of the machine's load
            // reaches them all alike
            for (int r = 0; r < reps; r++) {
                time_into(tp, [&] { Kokkos::deep_copy(x, x0); sink += residual_norm(x, y, n); });
                time_into(ta, [&] {
                    Kokkos::deep_copy(x, x0);
                    Kokkos::deep_copy(xb, 0.0);
                    Kokkos::deep_copy(yb, 0.0);
                    residual_norm_b(x, xb, y, yb, n, 1.0);
                });
                time_into(tc, [&] {
                    Kokkos::deep_copy(x, x0);
                    Kokkos::deep_copy(xb, 0.0);
                    Kokkos::deep_copy(yb, 0.0);
                    all_atomic::residual_norm_b(x, xb, y, yb, n, 1.0);
                });
                time_into(th, [&] {
                    Kokkos::deep_copy(x, x0);
                    Kokkos::deep_copy(xb, 0.0);
                    Kokkos::deep_copy(yb, 0.0);
                    residual_norm_hand(x, xb, y, yb, n, 1.0);
                });
                // the copies of the inputs are timed with each variant: time them alone to subtract
                time_into(tcopy, [&] { Kokkos::deep_copy(x, x0); });
                time_into(tcopy3, [&] {
                    Kokkos::deep_copy(x, x0);
                    Kokkos::deep_copy(xb, 0.0);
                    Kokkos::deep_copy(yb, 0.0);
                });
            }
            auto generated = [](Kokkos::View<double*> a, Kokkos::View<double*> b, Kokkos::View<double*> c,
                                Kokkos::View<double*> d, int m, double r) { residual_norm_b(a, b, c, d, m, r); };
            auto hand = [](Kokkos::View<double*> a, Kokkos::View<double*> b, Kokkos::View<double*> c,
                           Kokkos::View<double*> d, int m, double r) { residual_norm_hand(a, b, c, d, m, r); };
            double diff = max_rel_diff(x0, n, generated, hand);
            std::printf("%d %.6e %.6e %.6e %.6e %.6e %g %.6e %.3e\n", n, tp, ta, tc, tcopy, tcopy3,
                        sink > 0 ? 1.0 : 0.0, th, diff);
        }
    }
    Kokkos::finalize();
    return 0;
}
