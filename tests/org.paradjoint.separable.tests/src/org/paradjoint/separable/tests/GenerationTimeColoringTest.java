package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The colouring the generator fixes for the separable examples: no colouring code runs in the
 * generated gradient, an info diagnostic reports the colours per elemental, and the closed form is
 * valid on a window of sizes (every size from 1 to several periods, non-square grids included), as
 * the library's reference checker decides on the pattern the generated code itself detects; the
 * gradients match the hand-written ones. A data-dependent pattern keeps the run-time colouring and
 * says why.
 */
class GenerationTimeColoringTest {

    private static final String TORSION_DRIVER = """
            #include <math.h>
            #include "torsion_ps.h"

            void torsion_grad_analytic(int nx, int ny, const double *x, double c, double *g);

            /* "plan NX NY" then the plan, for every grid of the window; then "grad NX NY ERR" for some grids */
            int main(int argc, char **argv)
            {
                int upto = atoi(argv[1]);
                double f;
                (void) argc;
                for (int ny = 1; ny <= upto; ny++) {
                    for (int nx = 1; nx <= upto; nx++) {
                        int n = nx * ny;
                        double *x = malloc(n * sizeof *x), *g = calloc(n, sizeof *g), *ga = malloc(n * sizeof *ga);
                        for (int i = 0; i < n; i++) {
                            x[i] = sin(1.0 + i);
                        }
                        torsion_f_grad_ps(nx, ny, x, g, 3.0, &f);
                        printf("plan %d %d\\n", nx, ny);
                        pa_ps_plan_print(torsion_f_grad_ps_plan(), stdout);
                        torsion_grad_analytic(nx, ny, x, 3.0, ga);
                        double err = 0.0, scale = 0.0;
                        for (int i = 0; i < n; i++) {
                            err = fmax(err, fabs(g[i] - ga[i]));
                            scale = fmax(scale, fabs(ga[i]));
                        }
                        printf("grad %d %d %.3e\\n", nx, ny, err / scale);
                        free(x);
                        free(g);
                        free(ga);
                    }
                }
                torsion_f_grad_ps_release();
                return 0;
            }
            """;

    private static final String ROSENBROCK_DRIVER = """
            #include <math.h>
            #include "rosenbrock_ps.h"

            void rosenbrock_grad_analytic(int n, const double *x, double *g);

            /* every n of the window: the plan and the gradient's error; then the large n given as argv[2] */
            int main(int argc, char **argv)
            {
                int upto = atoi(argv[1]), big = atoi(argv[2]);
                double f;
                (void) argc;
                for (int n = 1; n <= big; n = n < upto ? n + 1 : (n == upto ? big : big + 1)) {
                    double *x = malloc(n * sizeof *x), *g = calloc(n, sizeof *g), *ga = malloc(n * sizeof *ga);
                    for (int i = 0; i < n; i++) {
                        x[i] = 1.0 + 0.5 * sin(0.3 * i);
                    }
                    rosenbrock_f_grad_ps(n, x, g, &f);
                    if (n <= upto) {
                        printf("plan %d\\n", n);
                        pa_ps_plan_print(rosenbrock_f_grad_ps_plan(), stdout);
                    }
                    rosenbrock_grad_analytic(n, x, ga);
                    double err = 0.0, scale = 1e-300;
                    for (int i = 0; i < n; i++) {
                        err = fmax(err, fabs(g[i] - ga[i]));
                        scale = fmax(scale, fabs(ga[i]));
                    }
                    printf("grad %d %.3e colors %d\\n", n, err / scale, rosenbrock_f_grad_ps_plan()->ncolors);
                    free(x);
                    free(g);
                    free(ga);
                }
                rosenbrock_f_grad_ps_release();
                return 0;
            }
            """;

    @Test
    void torsionColouringIsFixedAndValidOnEveryGridOfTheWindow() {
        for (boolean weighted : new boolean[] {true, false}) {
            SeparableResult r = generate("torsion.c", "torsion_f", weighted);
            SeparableFunction s = r.function("torsion_f").orElseThrow();
            assertEquals(4, s.colors(), "the 2 x 2 squares of the grid: four colours, the lower bound");
            assertEquals(Map.of("fquad", 4, "flin", 4), s.elementalColors());
            noRunTimeColouring(r);
            String out = run(r, "torsion.c", TORSION_DRIVER, "9");
            int[] at = {0};
            String[] lines = out.split("\n");
            int grids = 0;
            while (at[0] < lines.length) {
                String head = lines[at[0]++];
                assertTrue(head.startsWith("plan "), head);
                PlanText plan = PlanText.parse(out, at[0]);
                at[0] += plan.linesRead();
                assertValid(plan, head + (weighted ? "" : " (one block per elemental)"), 4);
                String[] grad = lines[at[0]++].split(" ");
                assertTrue(Double.parseDouble(grad[3]) <= 1e-12, String.join(" ", grad));
                grids++;
            }
            assertEquals(81, grids);
        }
    }

    @Test
    void rosenbrockChainColouringIsFixedAndValidForEveryLength() {
        SeparableResult r = generate("rosenbrock.c", "rosenbrock_f", true);
        SeparableFunction s = r.function("rosenbrock_f").orElseThrow();
        assertEquals(2, s.colors(), "a chain: even and odd columns");
        assertEquals(Map.of("fcurv", 2, "flin", 1), s.elementalColors());
        noRunTimeColouring(r);
        String out = run(r, "rosenbrock.c", ROSENBROCK_DRIVER, "12", "100001");
        String[] lines = out.split("\n");
        int at = 0;
        int lengths = 0;
        while (at < lines.length) {
            String head = lines[at++];
            if (head.startsWith("plan ")) {
                PlanText plan = PlanText.parse(out, at);
                at += plan.linesRead();
                assertValid(plan, head, 2);
                lengths++;
                continue;
            }
            String[] grad = head.split(" ");
            assertEquals("grad", grad[0], head);
            assertTrue(Double.parseDouble(grad[2]) <= 1e-13, head);
            assertEquals("2", grad[4], head);
        }
        assertEquals(12, lengths);
        assertTrue(out.contains("grad 100001 "), out);
    }

    @Test
    void indirectIndicesKeepTheRunTimeColouringAndSaySo() {
        String text = """
                void gather_f(int n, const int *idx, const double *x, double *f)
                {
                    double e;
                    int i;
                #pragma ad elemental
                    e = 0.0;
                    for (i = 0; i < n; i++)
                        e = e + x[idx[i]] * x[i];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """;
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("gather.c", text), "gather_f",
                SeparableOptions.defaults());
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        Diagnostic d = info(r, "coloring-at-run-time").orElseThrow(() -> new AssertionError(r.diagnostics()));
        assertTrue(d.message().contains("array values"), d.message());
        assertEquals(0, r.function("gather_f").orElseThrow().colors());
        assertTrue(r.source().text().contains("pa_ps_plan_color("), r.source().text());
        assertFalse(r.source().text().contains("pa_ps_plan_periodic_colors"));
    }

    @Test
    void wrapAroundIntoTheNextGridLineKeepsTheRunTimeColouring() {
        // x[j * nx + i + 1] with i up to nx - 1 reaches the first point of the next line: no constant offset
        String text = """
                void wrap_f(int nx, int ny, const double *x, double *f)
                {
                    double e;
                    int i, j;
                #pragma ad elemental
                    e = 0.0;
                    for (j = 0; j < ny - 1; j++)
                        for (i = 0; i < nx; i++)
                            e = e + x[j * nx + i] * x[j * nx + i + 1];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """;
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("wrap.c", text), "wrap_f",
                SeparableOptions.defaults());
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        Diagnostic d = info(r, "coloring-at-run-time").orElseThrow(() -> new AssertionError(r.diagnostics()));
        assertTrue(d.message().contains("stays within 0 .. nx - 1"), d.message());
        assertTrue(r.source().text().contains("pa_ps_plan_color("));
    }

    private static SeparableResult generate(String file, String function, boolean weighted) {
        TranslationUnit unit = Sources.unit(file, Sources.resource(file));
        SeparableResult r = SeparableDifferentiator.differentiate(unit, function,
                SeparableOptions.defaults().withWeightedRows(weighted).withDirectAssembly(false));
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        Diagnostic d = info(r, "coloring-at-generation").orElseThrow(() -> new AssertionError(r.diagnostics()));
        assertTrue(d.message().contains("colours, fixed at generation time"), d.message());
        return r;
    }

    private static Optional<Diagnostic> info(SeparableResult r, String code) {
        return r.diagnostics().stream().filter(d -> d.code().equals(code)).findFirst();
    }

    /** The generated gradient looks its colours up; the support file's greedy pass is never called. */
    private static void noRunTimeColouring(SeparableResult r) {
        String c = r.source().text();
        assertTrue(c.contains("pa_ps_plan_periodic_colors("), c);
        assertFalse(c.contains("pa_ps_plan_color("), c);
    }

    private static String run(SeparableResult r, String file, String driver, String... args) {
        Path dir = ScratchDir.deletedAtExit("pa-fixed-colours");
        Path generated = Cc.writeAll(dir, r);
        Path source = ScratchDir.write(dir, file, Sources.resource(file));
        Path main = ScratchDir.write(dir, "driver.c", driver);
        Path exe = Gcc.link(dir, "fixed", List.of(Gcc.object(generated, Gcc.STRICT), Gcc.object(source, Gcc.USER),
                Gcc.object(main, Gcc.STRICT)));
        Processes.Result p = Gcc.run(exe, Map.of("OMP_NUM_THREADS", "2"), 300, args);
        assertEquals(0, p.exitCode(), p.output());
        return p.output();
    }

    /** The library's reference checker accepts the plan's colours, of which there are {@code colors}. */
    private static void assertValid(PlanText plan, String what, int colors) {
        Optional<String> v = ColoringChecker.checkColumns(plan.pattern(), plan.colors());
        assertTrue(v.isEmpty(), () -> what + ": " + v.get());
        assertEquals(colors, plan.colorCount(), what);
        for (int c : plan.colors()) {
            assertTrue(c >= 0 && c < colors, what + ": colour " + c);
        }
    }
}
