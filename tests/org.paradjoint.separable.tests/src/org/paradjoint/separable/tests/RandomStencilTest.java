package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * 30 random stencil functions ({@link RandomStencil}): the generator fixes the colouring of every one
 * (no run-time colouring in the output); on every size of a window (n from 1 to 10 in one dimension,
 * every grid up to 6 x 6 in two) the library's reference checker accepts the fixed colours on the
 * pattern the generated code detects, and the sparse gradient equals the dense vector forward mode's
 * (one direction per entry: no colouring involved) to 1e-13. Half the functions with the compressed
 * Jacobian and weighted rows, half with one block of rows per elemental; then all of them with the defaults,
 * where the sweep of every function with weighted rows adds its iterations' derivatives straight into the
 * gradient (no plan: {@code f_grad_ps_plan()} is NULL) and must give the dense gradient all the same. A
 * failure names the function and shows it.
 */
class RandomStencilTest {

    private static final int FUNCTIONS = 30;
    private static final long BASE_SEED = 47_000L;

    @Test
    void fixedColouringsAreValidOnEveryWindowSizeAndGiveTheDenseGradient() {
        check(0, FUNCTIONS / 2, true, false);
        check(FUNCTIONS / 2, FUNCTIONS, false, false);
    }

    @Test
    void directAssemblyGivesTheDenseGradientOnEveryWindowSize() {
        check(0, FUNCTIONS, true, true);
    }

    private static void check(int from, int to, boolean weightedRows, boolean direct) {
        StringBuilder source = new StringBuilder(RandomStencil.HELPERS).append('\n');
        List<String> names = new ArrayList<>();
        for (int k = from; k < to; k++) {
            String name = "st" + (BASE_SEED + k);
            names.add(name);
            source.append(RandomStencil.function(name, BASE_SEED + k)).append('\n');
        }
        String text = source.toString();
        SeparableResult r = SeparableDifferentiator.differentiateAll(Sources.unit("stencils.c", text),
                SeparableOptions.defaults().withDenseVariant(true).withWeightedRows(weightedRows)
                        .withDirectAssembly(direct));
        assertFalse(r.hasErrors(), () -> r.diagnostics() + "\n" + Processes.numbered(text));
        String generated = r.source().text();
        assertFalse(generated.contains("pa_ps_plan_color("), "a run-time colouring in\n" + generated);
        for (String name : names) {
            SeparableFunction s = r.function(name).orElseThrow();
            assertTrue(s.colors() > 0, () -> name + ": " + s.runTimeColoring() + "\n" + Processes.numbered(text));
        }
        Gcc.require();
        Path dir = ScratchDir.deletedAtExit("pa-random-stencils");
        Path c = Cc.writeAll(dir, r);
        Path driver = ScratchDir.write(dir, "driver.c", driver(from, to));
        Path exe = Gcc.link(dir, "stencils", List.of(Gcc.object(c, Gcc.STRICT), Gcc.object(driver, Gcc.STRICT)));
        Processes.Result run = Gcc.run(exe, Map.of("OMP_NUM_THREADS", "1"), 300);
        assertEquals(0, run.exitCode(), run.output());
        String out = run.output();
        String[] lines = out.split("\n");
        int at = 0;
        int plans = 0;
        int directs = 0;
        while (at < lines.length) {
            String[] head = lines[at++].split(" ");
            String name = head[1];
            String what = String.join(" ", head) + (weightedRows ? "" : " (one block per elemental)");
            String function = function(text, name);
            int directions = r.function(name).orElseThrow().directions();
            if (head[0].equals("direct")) {
                assertTrue(direct && directions > 0, what);
                directs++;
            } else {
                assertEquals("plan", head[0], what);
                assertEquals(0, directions, what + ": a plan although the sweep adds to the gradient directly");
                PlanText plan = PlanText.parse(out, at);
                at += plan.linesRead();
                Optional<String> v = ColoringChecker.checkColumns(plan.pattern(), plan.colors());
                assertTrue(v.isEmpty(), () -> what + ": " + v.get() + "\n" + function);
                assertEquals(r.function(name).orElseThrow().colors(), plan.colorCount(), what);
            }
            String[] grad = lines[at++].split(" ");
            assertEquals("grad", grad[0], what);
            assertTrue(Double.parseDouble(grad[1]) <= 1e-13, () -> what + ": sparse and dense gradients differ by "
                    + grad[1] + "\n" + function);
            plans++;
        }
        int expected = 0;
        for (int k = from; k < to; k++) {
            expected += RandomStencil.isTwoDimensional(BASE_SEED + k) ? 36 : 10;
        }
        assertEquals(expected, plans);
        // with the defaults, the functions whose combination fixes the weights before the loops go directly
        assertEquals(direct, directs > 0, "sizes of functions added directly: " + directs);
    }

    private static String function(String text, String name) {
        int start = text.indexOf("void " + name + "(");
        return Processes.numbered(text.substring(start, text.indexOf("\n}\n", start) + 3));
    }

    /** For every function and size: "plan NAME NX NY", the plan, "grad ERR" (sparse against dense). */
    private static String driver(int from, int to) {
        StringBuilder d = new StringBuilder("""
                #include <math.h>
                #include "stencils_ps.h"

                static double diff(const double *a, const double *b, int n, double err)
                {
                    for (int i = 0; i < n; i++) {
                        err = fmax(err, fabs(a[i] - b[i]) / fmax(1.0, fabs(b[i])));
                    }
                    return err;
                }

                """);
        StringBuilder main = new StringBuilder("int main(void)\n{\n");
        for (int k = from; k < to; k++) {
            long seed = BASE_SEED + k;
            String name = "st" + seed;
            boolean twoD = RandomStencil.isTwoDimensional(seed);
            boolean y = RandomStencil.readsY(seed);
            String sizes = twoD ? "nx, ny, " : "nx, ";
            String sparse = sizes + "x, gx, " + (y ? "y, gy, " : "") + "&f";
            String dense = sizes + "x, dx, " + (y ? "y, dy, " : "") + "&fd";
            d.append("static void check_").append(name).append("(void)\n{\n")
                    .append("    for (int ny = 1; ny <= ").append(twoD ? 6 : 1).append("; ny++) {\n")
                    .append("        for (int nx = 1; nx <= ").append(twoD ? 6 : 10).append("; nx++) {\n")
                    .append("            int n = nx * ny;\n")
                    .append("            double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), f = 0.0, fd = 0.0;\n")
                    .append("            double *gx = calloc(n, sizeof *gx), *gy = calloc(n, sizeof *gy);\n")
                    .append("            double *dx = calloc(n, sizeof *dx), *dy = calloc(n, sizeof *dy);\n")
                    .append("            for (int i = 0; i < n; i++) {\n")
                    .append("                x[i] = 0.5 + 0.4 * sin(1.0 + i);\n")
                    .append("                y[i] = 0.3 - 0.2 * cos(2.0 + i);\n")
                    .append("            }\n")
                    .append("            ").append(name).append("_grad_ps(").append(sparse).append(");\n")
                    .append("            ").append(name).append("_grad_dense(").append(dense).append(");\n")
                    .append("            if (").append(name).append("_grad_ps_plan() == NULL) {\n")
                    .append("                printf(\"direct ").append(name).append(" %d %d\\n\", nx, ny);\n")
                    .append("            } else {\n")
                    .append("                printf(\"plan ").append(name).append(" %d %d\\n\", nx, ny);\n")
                    .append("                pa_ps_plan_print(").append(name).append("_grad_ps_plan(), stdout);\n")
                    .append("            }\n")
                    .append("            printf(\"grad %.3e\\n\", diff(gy, dy, n, diff(gx, dx, n, 0.0)));\n")
                    .append("            free(x);\n            free(y);\n            free(gx);\n            free(gy);\n")
                    .append("            free(dx);\n            free(dy);\n")
                    .append("        }\n    }\n")
                    .append("    ").append(name).append("_grad_ps_release();\n")
                    .append("    ").append(name).append("_grad_dense_release();\n}\n\n");
            main.append("    check_").append(name).append("();\n");
        }
        return d.append(main).append("    return 0;\n}\n").toString();
    }
}
