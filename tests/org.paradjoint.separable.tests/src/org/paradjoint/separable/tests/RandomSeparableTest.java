package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * 120 random partially separable functions ({@link RandomSeparable}): the sparse gradient of
 * each matches the gradient of the foundation's reverse mode ({@code f_b} with {@code f} as
 * dependent and {@code x, y} as independents, seed 1) at three points, the second with the same
 * sizes as the first (the cached pattern is reused, or recomputed where it depends on values) and
 * the third with new sizes (a new pattern); the expanded function and the value delivered with
 * the gradient match {@code f}. The functions are compiled in batches to keep the test fast; a
 * failure names the seed and shows the function.
 */
class RandomSeparableTest {

    private static final int FUNCTIONS = 120;
    private static final int SPECIALISED = 8;
    private static final int BATCH = 38;
    private static final long BASE_SEED = 91_000L;
    private static final List<String> LENIENT = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-O1",
            "-Wno-unknown-pragmas", "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-unused-parameter");

    @Test
    void sparseGradientMatchesReverseMode() {
        int cacheable = 0;
        // a small first batch compiled as users compile it (a sweep specialised for every small number of
        // colours: the copies multiply the compile time), the others with one sweep for all
        cacheable += batch(0, SPECIALISED, true, true);
        for (int start = SPECIALISED; start < FUNCTIONS; start += BATCH) {
            // the second batch with one block of rows per elemental everywhere, the others as by default
            cacheable += batch(start, Math.min(FUNCTIONS, start + BATCH), false, start != SPECIALISED);
        }
        // the generator must exercise both pattern paths
        final int cached = cacheable;
        org.junit.jupiter.api.Assertions.assertTrue(cached > 10 && cached < FUNCTIONS - 10,
                () -> cached + " of " + FUNCTIONS + " functions had a cacheable pattern");
    }

    /** Checks functions {@code from .. to-1}; returns how many had a cacheable pattern. */
    private static int batch(int from, int to, boolean specialised, boolean weightedRows) {
        StringBuilder source = new StringBuilder(RandomSeparable.HELPER).append('\n');
        List<String> names = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int k = from; k < to; k++) {
            String name = "rs" + (BASE_SEED + k);
            String text = RandomSeparable.function(name, BASE_SEED + k);
            names.add(name);
            texts.add(text);
            source.append(text).append('\n');
        }
        String sourceText = source.toString();
        TranslationUnit unit = Sources.unit("random.c", sourceText);
        SeparableResult ps = SeparableDifferentiator.differentiateAll(unit,
                SeparableOptions.defaults().withIndependents(List.of("x", "y")).withWeightedRows(weightedRows));
        if (ps.hasErrors()) {
            fail("separable transformation failed: " + ps.diagnostics() + "\n" + Processes.numbered(sourceText));
        }
        List<Function> adjoints = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        for (String name : names) {
            DiffResult r = Differentiator.differentiate(unit, name, Mode.REVERSE,
                    DiffOptions.defaults().withVariables(List.of("f"), List.of("x", "y")));
            assertFalse(r.hasErrors(), () -> name + ": " + r.diagnostics());
            adjoints.add(r.function());
            signatures.add(r.signature());
        }
        Path dir = ScratchDir.deletedAtExit("pa-random-ps");
        Path generated = Cc.writeAll(dir, ps);
        Path original = ScratchDir.write(dir, "random.c", sourceText);
        Path adjoint = ScratchDir.write(dir, "random_b.c", CPrinter.printFile(adjoints));
        Path driver = ScratchDir.write(dir, "driver.c", driver(ps, names, adjoints, signatures));
        String[] special = specialised ? new String[0] : new String[] {"-DPARADJOINT_NO_SPECIALIZATION"};
        Path exe = Gcc.link(dir, "random", List.of(Gcc.object(generated, Gcc.STRICT, special), Gcc.object(original, LENIENT),
                Gcc.object(adjoint, Gcc.STRICT), Gcc.object(driver, Gcc.STRICT)));
        for (String threads : new String[] {"1", "2"}) {
            Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", threads), 120);
            assertEquals(0, r.exitCode(), r.output());
            for (String line : r.output().split("\n")) {
                if (line.contains("FAIL")) {
                    String name = line.substring(0, line.indexOf(' '));
                    String text = texts.get(names.indexOf(name));
                    fail(line + "\n" + Processes.numbered(text) + "\n--- generated ---\n" + ps.source().text());
                }
            }
            assertEquals(3 * names.size(), r.output().split("\n").length, r.output());
        }
        return (int) ps.functions().stream().filter(SeparableFunction::cacheable).count();
    }

    private static String driver(SeparableResult ps, List<String> names, List<Function> adjoints,
            List<DerivativeSignature> signatures) {
        StringBuilder d = new StringBuilder();
        d.append("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n");
        d.append("#include \"").append(Path.of(ps.header().name()).getFileName()).append("\"\n\n");
        d.append("#define NMAX 16\n\n");
        for (int k = 0; k < names.size(); k++) {
            d.append("void ").append(names.get(k))
                    .append("(int n, int m, const double *x, const double *y, double c, double *f);\n");
            String b = CPrinter.print(adjoints.get(k));
            d.append(b, 0, b.indexOf("\n{")).append(";\n");
        }
        d.append("""

                static double rnd(void)
                {
                    return 2.0 * rand() / RAND_MAX - 1.0;
                }

                static double maxdiff(const double *a, const double *b, int n, double *scale)
                {
                    double err = 0.0;
                    for (int i = 0; i < n; i++) {
                        err = fmax(err, fabs(a[i] - b[i]));
                        *scale = fmax(*scale, fabs(b[i]));
                    }
                    return err;
                }

                """);
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k);
            SeparableFunction s = ps.function(name).orElseThrow();
            d.append("static void check_").append(name).append("(void)\n{\n");
            d.append("    static const int sizes[3][2] = {{7, 5}, {7, 5}, {11, 3}};\n");
            d.append("    for (int t = 0; t < 3; t++) {\n");
            d.append("        int n = sizes[t][0], m = sizes[t][1];\n");
            d.append("        double x[NMAX], y[NMAX], xg[NMAX] = {0}, yg[NMAX] = {0}, xb[NMAX] = {0}, "
                    + "yb[NMAX] = {0};\n");
            d.append("        double c = 0.75, f = 0.0, fps = 0.0, fgrad = 0.0, fdummy = 0.0, fb = 1.0, scale = 0.0;\n");
            d.append("        for (int i = 0; i < NMAX; i++) {\n            x[i] = rnd();\n            y[i] = rnd();\n"
                    + "        }\n");
            d.append("        ").append(name).append("(n, m, x, y, c, &f);\n");
            d.append("        ").append(s.expanded()).append("(n, m, x, y, c, &fps);\n");
            d.append("        ").append(s.gradient()).append("(n, m, x, xg, y, yg, c, &fgrad);\n");
            d.append("        ").append(adjointCall(adjoints.get(k), signatures.get(k))).append(";\n");
            d.append("        (void) fdummy;\n");
            d.append("        double err = fmax(maxdiff(xg, xb, n, &scale), maxdiff(yg, yb, m, &scale));\n");
            d.append("        double ferr = fmax(fabs(fps - f), fabs(fgrad - f)) / fmax(1.0, fabs(f));\n");
            d.append("        int ok = err <= 1e-10 * fmax(1.0, scale) && ferr <= 1e-12;\n");
            d.append("        printf(\"%s %d %s grad %.3e f %.3e\\n\", \"").append(name)
                    .append("\", t, ok ? \"ok\" : \"FAIL\", err / fmax(1.0, scale), ferr);\n");
            d.append("    }\n}\n\n");
        }
        d.append("int main(void)\n{\n");
        for (String name : names) {
            d.append("    check_").append(name).append("();\n");
        }
        d.append("    return 0;\n}\n");
        return d.toString();
    }

    /** The call of f_b: the seed fb = 1 for f, zero adjoints for x and y. */
    private static String adjointCall(Function fb, DerivativeSignature sig) {
        List<String> args = new ArrayList<>();
        for (DerivativeSignature.Param p : sig.params()) {
            String name = p.primal().name();
            args.add(name.equals("f") ? "&fdummy" : name);
            if (p.isActive()) {
                args.add(switch (name) {
                    case "x" -> "xb";
                    case "y" -> "yb";
                    case "f" -> "&fb";
                    default -> throw new AssertionError("unexpected active parameter " + name + " of " + fb.name());
                });
            }
        }
        return fb.name() + "(" + String.join(", ", args) + ")";
    }
}
