package org.paradjoint.cdt.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * The test driver of {@code paradjoint check} for a Kokkos function: a C++ program that
 * initialises Kokkos, fills the Views and scalars with random inputs, runs the adjoint once with
 * random seeds on the dependents (and on the returned value), and compares {@code <xd, xb>} over
 * the independents with central differences of the primal along a random direction xd: the
 * derivative of {@code sum <yb, y> (+ rb r)} over the dependents. Every call starts from the same
 * inputs. The adjoint of an independent that is not a dependent starts from random values in
 * [0.125, 1.125] and only what the adjoint added counts: an input adjoint is incremented, never
 * overwritten (an adjoint that overwrites it fails, as it would for a caller accumulating
 * several gradients). The Views live in Kokkos's default memory space and the driver fills and reads them
 * on the host, so it needs a backend whose memory the host can access (Serial, OpenMP, Threads;
 * a static assertion says so otherwise).
 * <p>
 * Sizes: integer parameters take their {@code --set} values (10 by default); each run-time
 * extent of a View is {@code --extent v=EXPR} (leading extent of a View of rank 1) or one past
 * the largest index the function uses in that dimension at those values.
 */
public final class KokkosCheckDriver {

    /** The driver's text, or errors saying what could not be sized. */
    public record Driver(String source, List<Diagnostic> diagnostics) {

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    private final Function primal;
    private final DerivativeSignature adjoint;
    private final CheckSpec spec;
    private final Diagnostics diags = new Diagnostics();
    private final Map<String, Long> ints = new LinkedHashMap<>();
    private final Map<Variable, List<Long>> extents = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    private KokkosCheckDriver(Function primal, DerivativeSignature adjoint, CheckSpec spec) {
        this.primal = primal;
        this.adjoint = adjoint;
        this.spec = spec;
    }

    /** The driver that includes {@code includes} (the source and its adjoint file) and checks {@code primal}. */
    public static Driver generate(Function primal, DerivativeSignature adjoint, CheckSpec spec, List<String> includes) {
        KokkosCheckDriver d = new KokkosCheckDriver(primal, adjoint, spec);
        d.resolve();
        if (d.diags.hasErrors()) {
            return new Driver(null, d.diags.list());
        }
        d.write(includes);
        return new Driver(d.out.toString(), d.diags.list());
    }

    // ---- sizes ------------------------------------------------------------------------------

    private void resolve() {
        for (Variable p : primal.params()) {
            if (p.isScalar() && p.type().isInteger()) {
                IntExpr e = spec.sets().get(p.name());
                ints.put(p.name(), e == null ? CheckSpec.DEFAULT_INT : e.eval(ints));
            }
        }
        Map<String, Long> explicit = new LinkedHashMap<>();
        for (Variable v : primal.params()) {
            if (v.isArray() && v.rank() == 1 && spec.extents().containsKey(v.name())) {
                explicit.put(v.name(), spec.extents().get(v.name()).eval(ints));
            }
        }
        KokkosExtents.Result r = KokkosExtents.of(primal, ints, explicit, IndexRanges.EmptyLoops.SKIP);
        if (!r.complete()) {
            diags.error("check-extent-unknown.indices", primal.range(), "function", primal.name(), "array",
                    r.unsized().name());
            return;
        }
        extents.putAll(r.extents());
    }

    // ---- text -------------------------------------------------------------------------------

    private void line(String s) {
        out.append(s).append('\n');
    }

    private void write(List<String> includes) {
        line("/* Check of " + primal.name() + " (Kokkos): adjoint against central differences of the primal. */");
        line("#include <Kokkos_Core.hpp>");
        line("#include <cmath>\n#include <cstdint>\n#include <cstdio>\n");
        line("/* the source carries #pragma ad annotations, unknown to the compiler: build with -Wno-unknown-pragmas */");
        includes.forEach(i -> line("#include \"" + i + "\""));
        line("");
        line("static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace,");
        line("                  Kokkos::DefaultExecutionSpace::memory_space>::accessible,");
        line("              \"the check driver fills Views on the host: use a host backend (Serial, OpenMP)\");\n");
        line("static uint64_t pa_state = " + spec.seed() + "ULL;");
        line("static double pa_uniform(double lo, double hi)\n{");
        line("    uint64_t z = (pa_state += 0x9E3779B97F4A7C15ULL);");
        line("    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;\n    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;");
        line("    z ^= z >> 31;\n    return lo + (hi - lo) * (double) (z >> 11) / 9007199254740992.0;\n}\n");
        line("template <typename V>\nstatic void pa_fill(V v, double lo, double hi)\n{");
        line("    for (size_t k = 0; k < v.span(); k++) {\n        v.data()[k] = pa_uniform(lo, hi);\n    }\n}\n");
        line("/* an index View holds a permutation of 0 .. size - 1 (the primal's writes through it do not collide) */");
        line("template <typename V>\nstatic void pa_permutation(V v)\n{");
        line("    for (size_t k = 0; k < v.span(); k++) {\n        v.data()[k] = (int) k;\n    }");
        line("    for (size_t k = v.span(); k > 1; k--) {");
        line("        size_t j = (size_t) (pa_uniform(0.0, 1.0) * (double) k) % k;");
        line("        int t = v.data()[k - 1];\n        v.data()[k - 1] = v.data()[j];\n        v.data()[j] = t;\n    }\n}\n");
        line("template <typename V, typename W>\nstatic double pa_dot(V a, W b)\n{\n    double s = 0.0;");
        line("    for (size_t k = 0; k < a.span(); k++) {\n        s += a.data()[k] * b.data()[k];\n    }");
        line("    return s;\n}\n");
        line("/* <a, b - b0>: what the adjoint added to b, which started at b0 */");
        line("template <typename V, typename W, typename B>\nstatic double pa_dot(V a, W b, B b0)\n{\n    double s = 0.0;");
        line("    for (size_t k = 0; k < a.span(); k++) {\n        s += a.data()[k] * (b.data()[k] - b0.data()[k]);\n    }");
        line("    return s;\n}\n");
        line("template <typename V, typename W, typename D>\nstatic void pa_shift(V v, W from, D d, double h)\n{");
        line("    for (size_t k = 0; k < v.span(); k++) {\n        v.data()[k] = from.data()[k] + h * d.data()[k];");
        line("    }\n}\n");
        body();
        line("int main(int argc, char **argv)\n{\n    Kokkos::initialize(argc, argv);\n    int status;\n    {");
        line("        std::printf(\"threads: %d\\n\", (int) Kokkos::DefaultExecutionSpace().concurrency());");
        line("        std::printf(\"== " + primal.name() + "\\n\");");
        line("        status = pa_check();");
        line("        std::printf(\"== " + primal.name() + ": %s\\n\", status == 0 ? \"PASS\" : \"FAIL\");");
        line("        std::printf(\"%s\\n\", status == 0 ? \"PASS\" : \"FAIL\");\n    }");
        line("    Kokkos::finalize();\n    return status;\n}");
    }

    private String view(Variable v, String name) {
        return KokkosExtents.declaration(v, name, extents.get(v));
    }

    private void body() {
        String lo = real(spec.rangeLo());
        String hi = real(spec.rangeHi());
        line("static int pa_check()\n{");
        line("    const double pa__h = " + real(spec.fdStep()) + ", pa__tol = " + real(spec.tolFd()) + ";");
        ints.forEach((n, v) -> line("    const int " + n + " = " + v + ";"));
        for (DerivativeSignature.Param p : adjoint.params()) {
            Variable v = p.primal();
            String n = v.name();
            if (v.isArray() && !v.isFloating()) {
                line("    " + view(v, n) + "\n    pa_permutation(" + n + ");");
            } else if (v.isArray()) {
                line("    " + view(v, n) + "\n    " + view(v, "pa_in_" + n));
                line("    pa_fill(pa_in_" + n + ", " + lo + ", " + hi + ");");
                if (p.isActive()) {
                    line("    " + view(v, "pa_b_" + n));
                }
                if (accumulates(p)) {
                    line("    " + view(v, "pa_b0_" + n) + "\n    pa_fill(pa_b0_" + n + ", 0.125, 1.125);");
                }
                if (p.independent()) {
                    line("    " + view(v, "pa_d_" + n) + "\n    pa_fill(pa_d_" + n + ", -1.0, 1.0);");
                }
                if (p.dependent()) {
                    line("    " + view(v, "pa_seed_" + n) + "\n    pa_fill(pa_seed_" + n + ", -1.0, 1.0);");
                }
            } else if (v.isFloating()) {
                line("    const double pa_in_" + n + " = pa_uniform(" + lo + ", " + hi + ");");
                line("    double " + n + " = pa_in_" + n + ", pa_b_" + n + " = 0.0;");
                if (accumulates(p)) {
                    line("    const double pa_b0_" + n + " = pa_uniform(0.125, 1.125);");
                }
                if (p.independent()) {
                    line("    const double pa_d_" + n + " = pa_uniform(-1.0, 1.0);");
                }
            }
        }
        boolean returns = adjoint.returnedSeed() != null;
        if (returns) {
            line("    const double pa_seed_return = pa_uniform(-1.0, 1.0);");
        }
        line("    /* adjoint: seeds on the dependents, a start value on the other independents, zero on every other adjoint */");
        restore(0);
        for (DerivativeSignature.Param p : adjoint.params()) {
            String n = p.primal().name();
            if (p.isActive() && p.primal().isArray()) {
                line("    Kokkos::deep_copy(pa_b_" + n + ", "
                        + (p.dependent() ? "pa_seed_" + n : accumulates(p) ? "pa_b0_" + n : "0.0") + ");");
            } else if (accumulates(p)) {
                line("    pa_b_" + n + " = pa_b0_" + n + ";");
            }
        }
        line("    " + adjoint.derivedName() + "(" + adjointArguments() + ");");
        line("    Kokkos::fence();");
        StringBuilder xdxb = new StringBuilder("0.0");
        for (DerivativeSignature.Param p : adjoint.params()) {
            if (p.independent() && p.isActive()) {
                String n = p.primal().name();
                String added = accumulates(p) ? ", pa_b0_" + n : "";
                xdxb.append(p.primal().isArray() ? " + pa_dot(pa_d_" + n + ", pa_b_" + n + added + ")"
                        : " + pa_d_" + n + " * (pa_b_" + n + (accumulates(p) ? " - pa_b0_" + n : "") + ")");
            }
        }
        line("    const double pa_xd_xb = " + xdxb + ";");
        for (int sign : new int[] {1, -1}) {
            String s = sign > 0 ? "plus" : "minus";
            restore(sign);
            line("    " + (returns ? "const double pa_r_" + s + " = " : "") + primal.name() + "("
                    + String.join(", ", primal.params().stream().map(Variable::name).toList()) + ");");
            line("    Kokkos::fence();");
            StringBuilder sum = new StringBuilder(returns ? "pa_seed_return * pa_r_" + s : "0.0");
            for (DerivativeSignature.Param p : adjoint.params()) {
                if (p.dependent() && p.primal().isArray()) {
                    sum.append(" + pa_dot(pa_seed_").append(p.primal().name()).append(", ").append(p.primal().name())
                            .append(')');
                }
            }
            line("    const double pa_sum_" + s + " = " + sum + ";");
        }
        line("    const double pa_fd = (pa_sum_plus - pa_sum_minus) / (2.0 * pa__h);");
        line("    const double pa_scale = std::fmax(std::fmax(std::fabs(pa_fd), std::fabs(pa_xd_xb)), 1e-300);");
        line("    const double pa_err = std::fabs(pa_fd - pa_xd_xb) / pa_scale;");
        line("    const int pa_ok = pa_err <= pa__tol && std::isfinite(pa_fd);");
        line("    std::printf(\"finite-difference: %s rel_err=%.3e  <xd, xb> = %.15g  central difference = %.15g\\n\",");
        line("                pa_ok ? \"PASS\" : \"FAIL\", pa_err, pa_xd_xb, pa_fd);");
        line("    return pa_ok ? 0 : 1;\n}\n");
    }

    /** Every input back to its pristine value, independents shifted by {@code sign} h along xd. */
    private void restore(int sign) {
        for (DerivativeSignature.Param p : adjoint.params()) {
            Variable v = p.primal();
            String n = v.name();
            boolean shifted = sign != 0 && p.independent();
            String h = sign > 0 ? "pa__h" : "-pa__h";
            if (v.isArray() && v.isFloating()) {
                line(shifted ? "    pa_shift(" + n + ", pa_in_" + n + ", pa_d_" + n + ", " + h + ");"
                        : "    Kokkos::deep_copy(" + n + ", pa_in_" + n + ");");
            } else if (v.isFloating()) {
                line("    " + n + " = pa_in_" + n + (shifted ? " + " + h + " * pa_d_" + n : "") + ";");
            }
        }
    }

    /**
     * True for an active floating independent that is not a dependent: its adjoint is an
     * accumulator, started from nonzero values (a dependent's adjoint holds its seed).
     */
    private static boolean accumulates(DerivativeSignature.Param p) {
        return p.isActive() && p.independent() && !p.dependent() && p.primal().isFloating();
    }

    private String adjointArguments() {
        List<String> args = new ArrayList<>();
        for (DerivativeSignature.Param p : adjoint.params()) {
            args.add(p.primal().name());
            if (p.isActive()) {
                args.add("pa_b_" + p.primal().name());
            }
        }
        if (adjoint.returnedSeed() != null) {
            args.add("pa_seed_return");
        }
        return String.join(", ", args);
    }

    private static String real(double v) {
        String s = Double.toString(v);
        return s.contains("E") ? s.replace("E", "e") : s;
    }
}
