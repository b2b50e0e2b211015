package org.paradjoint.stencil.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * Writes one C program that checks many adjoint stencils at once. For each case and each
 * domain size {@code n} in {@code [nLo, nHi]} it fills the primal arrays and the adjoint seeds
 * with random numbers, then, for each stencil variant:
 * <ul>
 * <li>compares it with the conventional reverse-mode adjoint of the same function (same seeds,
 * input adjoints starting from random values so that increments are checked, output adjoints
 * compared too): max difference at most 1e-12 times the largest adjoint value;</li>
 * <li>runs the dot-product test against the core's tangent: {@code <J xd, yb> = <xd, J^T yb>}
 * to 1e-12 relative to the sum of the absolute values of the products.</li>
 * </ul>
 * Above {@code nLo} (the largest size where the primal does not run) a dot-product test whose
 * products are all zero fails: it would have checked nothing. The program prints one
 * {@code FAIL} line per failed check, then {@code checked: N} and {@code nontrivial: M}, the
 * number of dot-product tests with a non-zero product; the exit status is 0 only when nothing
 * failed.
 */
final class Harness {

    /** One adjoint to check: a label for messages and its signature (which names the C function). */
    record Variant(String label, DerivativeSignature signature) {
    }

    /**
     * One function under test. {@code size} gives the C expression of an array parameter's element
     * count, {@code scalars} the C expression of each scalar parameter (may use {@code n} and
     * earlier scalars); primal array values are uniform in {@code [lo, hi]}.
     */
    record Case(String id, DerivativeSignature tangent, DerivativeSignature conventional, List<Variant> variants,
            int nLo, int nHi, Function<Variable, String> size, Map<String, String> scalars, double lo, double hi) {

        Case(String id, DerivativeSignature tangent, DerivativeSignature conventional, List<Variant> variants, int nLo,
                int nHi, Function<Variable, String> size, Map<String, String> scalars) {
            this(id, tangent, conventional, variants, nLo, nHi, size, scalars, 0.5, 1.5);
        }
    }

    private Harness() {
    }

    /** The {@code nontrivial:} count a program should print: one per variant and size where the primal runs. */
    static int expectedNontrivial(List<Case> cases, java.util.function.ToIntFunction<Case> sizesWherePrimalRuns) {
        int total = 0;
        for (Case c : cases) {
            total += c.variants().size() * sizesWherePrimalRuns.applyAsInt(c);
        }
        return total;
    }

    static String program(String generatedCode, List<Case> cases) {
        StringBuilder out = new StringBuilder();
        out.append("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n");
        out.append(generatedCode).append('\n');
        out.append(RUNTIME);
        for (Case c : cases) {
            new CaseWriter(c, out).write();
        }
        out.append("\nint main(void)\n{\n    int fails = 0;\n");
        for (Case c : cases) {
            out.append("    fails += pa_check_").append(c.id()).append("();\n");
        }
        out.append("    printf(\"checked: %d\\nnontrivial: %d\\n\", ").append(cases.size()).append(", pa_nontrivial);\n");
        out.append("    return fails == 0 ? 0 : 1;\n}\n");
        return out.toString();
    }

    private static final String RUNTIME = """
            static unsigned long long pa_state;
            /* dot-product tests whose terms were not all zero: a check that ran on real data */
            static int pa_nontrivial;

            static double pa_uniform(double lo, double hi)
            {
                unsigned long long z = (pa_state += 0x9E3779B97F4A7C15ULL);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
                z ^= z >> 31;
                return lo + (hi - lo) * (double) (z >> 11) / 9007199254740992.0;
            }

            static double *pa_fill(size_t n, double lo, double hi)
            {
                double *a = malloc((n > 0 ? n : 1) * sizeof *a);
                for (size_t k = 0; k < n; k++) {
                    a[k] = pa_uniform(lo, hi);
                }
                return a;
            }

            static double *pa_copy(const double *x, size_t n)
            {
                double *a = malloc((n > 0 ? n : 1) * sizeof *a);
                if (n > 0) {
                    memcpy(a, x, n * sizeof *a);
                }
                return a;
            }

            static double *pa_zeros(size_t n)
            {
                return calloc(n > 0 ? n : 1, sizeof(double));
            }

            static double pa_maxdiff(const double *a, const double *b, size_t n)
            {
                double m = 0.0;
                for (size_t k = 0; k < n; k++) {
                    m = fmax(m, fabs(a[k] - b[k]));
                }
                return m;
            }

            static double pa_maxabs(const double *a, size_t n)
            {
                double m = 0.0;
                for (size_t k = 0; k < n; k++) {
                    m = fmax(m, fabs(a[k]));
                }
                return m;
            }

            static double pa_dot(const double *a, const double *b, size_t n, double *abs)
            {
                double s = 0.0;
                for (size_t k = 0; k < n; k++) {
                    s += a[k] * b[k];
                    *abs += fabs(a[k] * b[k]);
                }
                return s;
            }

            """;

    /** The check function of one case. */
    private static final class CaseWriter {
        private final Case c;
        private final StringBuilder out;
        private final List<String> frees = new ArrayList<>();

        CaseWriter(Case c, StringBuilder out) {
            this.c = c;
            this.out = out;
        }

        private void line(int depth, String s) {
            out.append("    ".repeat(depth)).append(s).append('\n');
        }

        private String alloc(String name, String init) {
            frees.add(name);
            return "double *" + name + " = " + init + ";";
        }

        void write() {
            List<DerivativeSignature.Param> ps = c.conventional().params();
            out.append("static int pa_check_").append(c.id()).append("(void)\n{\n");
            line(1, "int pa_fails = 0;");
            line(1, "for (int n = " + c.nLo() + "; n <= " + c.nHi() + "; n++) {");
            for (DerivativeSignature.Param p : ps) {
                Variable v = p.primal();
                if (v.isScalar() && !v.name().equals("n")) {
                    line(2, v.type().cName() + " " + v.name() + " = " + c.scalars().get(v.name()) + ";");
                }
            }
            line(2, "pa_state = 0x5eedULL + (unsigned long long) n * 7919ULL;");
            for (DerivativeSignature.Param p : ps) {
                Variable v = p.primal();
                if (v.isArray()) {
                    line(2, "size_t pa_n_" + v.name() + " = " + c.size().apply(v) + ";");
                    line(2, alloc(v.name(), "pa_fill(pa_n_" + v.name() + ", " + c.lo() + ", " + c.hi() + ")"));
                    if (p.isActive()) {
                        line(2, alloc("pa_seed_" + v.name(), "pa_fill(pa_n_" + v.name() + ", -1.0, 1.0)"));
                        line(2, alloc("pa_dir_" + v.name(), "pa_fill(pa_n_" + v.name() + ", -1.0, 1.0)"));
                    }
                }
            }
            // the conventional adjoint: the reference
            prepareAdjoints("c", ps, true);
            call(c.conventional(), "c");
            for (Variant v : c.variants()) {
                prepareAdjoints(v.label(), ps, true);
                call(v.signature(), v.label());
                compare(v, ps);
            }
            // the tangent
            for (DerivativeSignature.Param p : c.tangent().params()) {
                if (p.isActive()) {
                    String x = p.primal().name();
                    line(2, alloc("pa_td_" + x, p.independent() ? "pa_copy(pa_dir_" + x + ", pa_n_" + x + ")"
                            : "pa_zeros(pa_n_" + x + ")"));
                }
            }
            callTangent();
            for (Variant v : c.variants()) {
                dotTest(v, ps);
            }
            for (String f : frees) {
                line(2, "free(" + f + ");");
            }
            line(1, "}");
            line(1, "return pa_fails;");
            out.append("}\n\n");
        }

        /** Adjoint buffers {@code pa_L_x}: copies of the seeds ({@code seeded}) or, for the dot test, seeds of outputs and zero inputs. */
        private void prepareAdjoints(String label, List<DerivativeSignature.Param> ps, boolean seeded) {
            for (DerivativeSignature.Param p : ps) {
                String x = p.primal().name();
                if (p.isActive()) {
                    String init = seeded || p.dependent() ? "pa_copy(pa_seed_" + x + ", pa_n_" + x + ")"
                            : "pa_zeros(pa_n_" + x + ")";
                    line(2, alloc("pa_" + label + "_" + x, init));
                }
                if (p.primal().isArray() && !p.primal().isConst()) {
                    line(2, alloc("pa_" + label + "_tmp_" + x, "pa_copy(" + x + ", pa_n_" + x + ")"));
                }
            }
        }

        private void call(DerivativeSignature s, String label) {
            List<String> args = new ArrayList<>();
            for (DerivativeSignature.Param p : s.params()) {
                Variable v = p.primal();
                if (v.isScalar()) {
                    args.add(v.name());
                } else {
                    args.add("(void *) " + (v.isConst() ? v.name() : "pa_" + label + "_tmp_" + v.name()));
                }
                if (p.isActive()) {
                    args.add("(void *) pa_" + label + "_" + v.name());
                }
            }
            line(2, s.derivedName() + "(" + String.join(", ", args) + ");");
        }

        private void callTangent() {
            List<String> args = new ArrayList<>();
            for (DerivativeSignature.Param p : c.tangent().params()) {
                Variable v = p.primal();
                if (v.isScalar()) {
                    args.add(v.name());
                } else {
                    if (!v.isConst()) {
                        line(2, alloc("pa_t_tmp_" + v.name(), "pa_copy(" + v.name() + ", pa_n_" + v.name() + ")"));
                    }
                    args.add("(void *) " + (v.isConst() ? v.name() : "pa_t_tmp_" + v.name()));
                }
                if (p.isActive()) {
                    args.add("(void *) pa_td_" + v.name());
                }
            }
            line(2, c.tangent().derivedName() + "(" + String.join(", ", args) + ");");
        }

        private void compare(Variant v, List<DerivativeSignature.Param> ps) {
            line(2, "{");
            line(3, "double err = 0.0, scale = 1e-300;");
            for (DerivativeSignature.Param p : ps) {
                if (p.isActive()) {
                    String x = p.primal().name();
                    line(3, "err = fmax(err, pa_maxdiff(pa_" + v.label() + "_" + x + ", pa_c_" + x + ", pa_n_" + x
                            + "));");
                    line(3, "scale = fmax(scale, pa_maxabs(pa_c_" + x + ", pa_n_" + x + "));");
                }
            }
            line(3, "if (!(err <= 1e-12 * scale)) {");
            line(4, "printf(\"FAIL " + c.id() + " n=%d " + v.label()
                    + ": differs from the conventional adjoint by %.3e (largest value %.3e)\\n\", n, err, scale);");
            line(4, "pa_fails++;");
            line(3, "}");
            line(2, "}");
        }

        private void dotTest(Variant v, List<DerivativeSignature.Param> ps) {
            String label = "d" + v.label();
            prepareAdjoints(label, ps, false);
            call(v.signature(), label);
            line(2, "{");
            line(3, "double abs = 0.0, lhs = 0.0, rhs = 0.0;");
            for (DerivativeSignature.Param p : ps) {
                String x = p.primal().name();
                if (p.isActive() && p.dependent()) {
                    line(3, "lhs += pa_dot(pa_td_" + x + ", pa_seed_" + x + ", pa_n_" + x + ", &abs);");
                }
                if (p.isActive() && p.independent()) {
                    line(3, "rhs += pa_dot(pa_dir_" + x + ", pa_" + label + "_" + x + ", pa_n_" + x + ", &abs);");
                }
            }
            line(3, "pa_nontrivial += abs > 0.0;");
            line(3, "if (n > " + c.nLo() + " && !(abs > 0.0)) {");
            line(4, "printf(\"FAIL " + c.id() + " n=%d " + v.label()
                    + ": every product of the dot-product test is zero where the primal runs\\n\", n);");
            line(4, "pa_fails++;");
            line(3, "}");
            line(3, "if (!(fabs(lhs - rhs) <= 1e-12 * abs)) {");
            line(4, "printf(\"FAIL " + c.id() + " n=%d " + v.label()
                    + ": dot-product test <J xd, yb> = %.17g, <xd, J^T yb> = %.17g\\n\", n, lhs, rhs);");
            line(4, "pa_fails++;");
            line(3, "}");
            line(2, "}");
        }
    }
}
