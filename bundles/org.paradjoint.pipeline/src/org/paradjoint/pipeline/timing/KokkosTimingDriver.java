package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.paradjoint.cdt.check.KokkosExtents;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * The Kokkos timing driver of one variant at one problem size: a C++ program that initialises
 * Kokkos, creates every View argument with the kernel's shapes in Kokkos's default memory space,
 * fills it through a host mirror (floating Views uniform in [0.5, 1.5), index Views with a
 * permutation of 0..span-1, as the C driver does), then calls the variant once untimed and takes
 * {@code repetitions} measurements of {@value TimedCall#CALLS_VARIABLE} calls each, timing every
 * call between two fences after restoring every floating View from a device-side copy. It works
 * with every backend, the GPU ones included, and prints what the C driver prints:
 * {@code pa_time REP SECONDS} (mean time of a call) per measurement and {@code pa_threads N} (the
 * execution space's concurrency).
 * <p>
 * The variant's source is not included here: the compile command force-includes it
 * ({@code g++ -include}), so that function templates over the View type are instantiated by the
 * call below.
 */
final class KokkosTimingDriver {

    private final StringBuilder out = new StringBuilder();
    private final List<TimedCall.Arg> floatingViews = new ArrayList<>();

    private KokkosTimingDriver() {
    }

    static String source(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description) {
        KokkosTimingDriver d = new KokkosTimingDriver();
        d.emit(kernel, signature, ints, shapes, repetitions, description);
        return d.out.toString();
    }

    private void emit(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description) {
        TimedCall timed = TimedCall.of(kernel, signature);
        line("/* Timing driver (Kokkos): " + description + " */");
        line("#include <Kokkos_Core.hpp>");
        line("#include <cstdint>");
        line("#include <cstdlib>");
        line("#include <cstdio>");
        line("");
        line(HELPERS);
        line("int main(int argc, char **argv)");
        line("{");
        line("    Kokkos::initialize(argc, argv);");
        line("    {");
        for (TimedCall.Arg a : timed.args()) {
            declare(a, ints, shapes);
        }
        line("        const long pa_calls = pa_calls_per_measurement();");
        line("        for (int pa_rep = 0; pa_rep <= " + repetitions + "; pa_rep++) {");
        line("            double pa_sum = 0.0;");
        line("            const long pa_n = pa_rep == 0 ? 1 : pa_calls;");
        line("            for (long pa_call = 0; pa_call < pa_n; pa_call++) {");
        for (TimedCall.Arg a : floatingViews) {
            line("                Kokkos::deep_copy(" + a.source() + ", " + a.source() + "_0);");
        }
        line("                Kokkos::fence();");
        line("                Kokkos::Timer pa_timer;");
        line("                " + timed.name() + "(" + timed.args().stream().map(TimedCall.Arg::source)
                .collect(Collectors.joining(", ")) + ");");
        line("                Kokkos::fence();");
        line("                pa_sum += pa_timer.seconds();");
        line("            }");
        line("            if (pa_rep > 0) {");
        line("                std::printf(\"pa_time %d %.9e\\n\", pa_rep, pa_sum / pa_n);");
        line("            }");
        line("        }");
        line("        std::printf(\"pa_threads %d\\n\", (int) Kokkos::DefaultExecutionSpace().concurrency());");
        line("    }");
        line("    Kokkos::finalize();");
        line("    return 0;");
        line("}");
    }

    private void declare(TimedCall.Arg a, Map<String, Long> ints, Map<Variable, ArrayExtents.Shape> shapes) {
        Variable v = a.var();
        if (!a.primal().isArray()) {
            // a scalar, or the adjoint of one (a reference in the Kokkos convention)
            String value = v.type().isInteger() ? Long.toString(ints.getOrDefault(v.name(), 1L))
                    : v.isArray() ? "0.0" : "pa_uniform()";
            line("        " + v.type().cName() + " " + a.source() + " = " + value + ";");
            return;
        }
        // an adjoint View has its primal's type and shape (made non-const: it is written)
        List<Long> shape = shapes.get(a.primal()).extent();
        line("        " + KokkosExtents.declaration(a.primal(), a.source(), shape));
        if (!v.isFloating()) {
            line("        pa_permutation(" + a.source() + ");");
            return;
        }
        floatingViews.add(a);
        line("        pa_fill(" + a.source() + ");");
        line("        " + KokkosExtents.declaration(a.primal(), a.source() + "_0", shape));
        line("        Kokkos::deep_copy(" + a.source() + "_0, " + a.source() + ");");
    }

    private void line(String s) {
        out.append(s).append('\n');
    }

    /** The C driver's generator (same seed, same numbers), filling Views through host mirrors. */
    private static final String HELPERS = """
            static long pa_calls_per_measurement()
            {
                const char *v = std::getenv("%s");
                long n = v == nullptr ? 1 : std::strtol(v, nullptr, 10);
                return n < 1 ? 1 : n;
            }

            static uint64_t pa_state = 20250101ULL;

            static uint64_t pa_next()
            {
                uint64_t z = (pa_state += 0x9E3779B97F4A7C15ULL);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
                return z ^ (z >> 31);
            }

            static double pa_uniform()
            {
                return 0.5 + (double) (pa_next() >> 11) / 9007199254740992.0;
            }

            template <typename V>
            static void pa_fill(V v)
            {
                auto h = Kokkos::create_mirror_view(v);
                for (size_t k = 0; k < h.span(); k++) {
                    h.data()[k] = pa_uniform();
                }
                Kokkos::deep_copy(v, h);
            }

            template <typename V>
            static void pa_permutation(V v)
            {
                auto h = Kokkos::create_mirror_view(v);
                for (size_t k = 0; k < h.span(); k++) {
                    h.data()[k] = (typename V::non_const_value_type) k;
                }
                for (size_t k = h.span(); k > 1; k--) {
                    size_t j = (size_t) (pa_next() %% (uint64_t) k);
                    auto t = h.data()[k - 1];
                    h.data()[k - 1] = h.data()[j];
                    h.data()[j] = t;
                }
                Kokkos::deep_copy(v, h);
            }
            """.formatted(TimedCall.CALLS_VARIABLE);
}
