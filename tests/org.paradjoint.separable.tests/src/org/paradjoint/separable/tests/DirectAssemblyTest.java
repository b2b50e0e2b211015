package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
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
 * The default gradient of the stencil examples: the sweep adds every iteration's derivatives straight into
 * the gradient, so the generated file holds no pattern detection, no colouring (neither the greedy pass nor
 * the table look-up), no compressed Jacobian and no assembly, and says so with an info diagnostic; the
 * gradient matches the hand-written one (and, for the Rosenbrock chain, central differences of the primal)
 * on every small size, sizes that are no multiple of the colouring's period and large ones, is incremented
 * rather than overwritten, and comes with the value {@code f} computes. With one block of rows per
 * elemental (weights known only after the sweep) the compressed path stays.
 */
class DirectAssemblyTest {

    /** Calls of the run-time machinery the direct gradient must not contain. */
    private static final List<String> RUN_TIME_MACHINERY = List.of("pa_ps_plan_new(", "pa_ps_plan_color(",
            "pa_ps_plan_periodic_colors(", "pa_ps_block_compressed(", "pa_ps_assemble(", "_ps_pattern(");

    private static final String TORSION_DRIVER = """
            #include <math.h>
            #include "torsion_ps.h"

            void torsion_f(int nx, int ny, const double *x, double c, double *f);
            void torsion_grad_analytic(int nx, int ny, const double *x, double c, double *g);

            /* "grad NX NY ERR FERR TWICE PLAN" for every grid given as NX NY pairs */
            int main(int argc, char **argv)
            {
                for (int a = 1; a + 1 < argc; a += 2) {
                    int nx = atoi(argv[a]), ny = atoi(argv[a + 1]), n = nx * ny;
                    double *x = malloc(n * sizeof *x), *g = calloc(n, sizeof *g), *ga = malloc(n * sizeof *ga);
                    double f = 0.0, fref = 0.0;
                    for (int i = 0; i < n; i++) {
                        x[i] = sin(1.0 + 0.7 * i);
                    }
                    torsion_f_grad_ps(nx, ny, x, g, 3.0, &f);
                    torsion_grad_analytic(nx, ny, x, 3.0, ga);
                    torsion_f(nx, ny, x, 3.0, &fref);
                    double err = 0.0, scale = 1e-300, twice = 0.0;
                    for (int i = 0; i < n; i++) {
                        err = fmax(err, fabs(g[i] - ga[i]));
                        scale = fmax(scale, fabs(ga[i]));
                    }
                    /* a second call increments the gradient */
                    torsion_f_grad_ps(nx, ny, x, g, 3.0, &f);
                    for (int i = 0; i < n; i++) {
                        twice = fmax(twice, fabs(g[i] - 2.0 * ga[i]));
                    }
                    printf("grad %d %d %.3e %.3e %.3e %d\\n", nx, ny, err / scale,
                           fabs(f - fref) / fmax(1e-300, fabs(fref)), twice / scale, torsion_f_grad_ps_plan() != NULL);
                    free(x);
                    free(g);
                    free(ga);
                }
                return 0;
            }
            """;

    private static final String ROSENBROCK_DRIVER = """
            #include <math.h>
            #include "rosenbrock_ps.h"

            void rosenbrock_f(int n, const double *x, double *f);
            void rosenbrock_grad_analytic(int n, const double *x, double *g);

            /* "grad N ERR FDERR PLAN" for every n given; FDERR (central differences) only up to n = 64, else 0 */
            int main(int argc, char **argv)
            {
                for (int a = 1; a < argc; a++) {
                    int n = atoi(argv[a]);
                    double *x = malloc(n * sizeof *x), *g = calloc(n, sizeof *g), *ga = malloc(n * sizeof *ga);
                    double f = 0.0;
                    for (int i = 0; i < n; i++) {
                        x[i] = 1.0 + 0.5 * sin(0.3 * i);
                    }
                    rosenbrock_f_grad_ps(n, x, g, &f);
                    rosenbrock_grad_analytic(n, x, ga);
                    double err = 0.0, scale = 1e-300, fd = 0.0;
                    for (int i = 0; i < n; i++) {
                        err = fmax(err, fabs(g[i] - ga[i]));
                        scale = fmax(scale, fabs(ga[i]));
                    }
                    for (int i = 0; i < n && n <= 64; i++) {
                        double h = 1e-6, xi = x[i], fp, fm;
                        x[i] = xi + h;
                        rosenbrock_f(n, x, &fp);
                        x[i] = xi - h;
                        rosenbrock_f(n, x, &fm);
                        x[i] = xi;
                        fd = fmax(fd, fabs(g[i] - (fp - fm) / (2.0 * h)) / fmax(1.0, fabs(g[i])));
                    }
                    printf("grad %d %.3e %.3e %d\\n", n, err / scale, fd, rosenbrock_f_grad_ps_plan() != NULL);
                    free(x);
                    free(g);
                    free(ga);
                }
                return 0;
            }
            """;

    @Test
    void torsionAddsToTheGradientDirectlyAndMatchesTheAnalyticGradient() {
        SeparableResult r = generate("torsion.c", "torsion_f", SeparableOptions.defaults());
        SeparableFunction s = r.function("torsion_f").orElseThrow();
        assertEquals(3, s.directions(), "each triangle reads three grid points");
        assertEquals(4, s.colors(), "the compressed sweep's colouring is still reported");
        assertTrue(info(r).message().contains("with 3 directions"), info(r).message());
        noRunTimeMachinery(r);
        Gcc.require();
        // every grid up to 5 x 5 (tiny, odd, non-square: not multiples of the period 2), then larger ones
        StringBuilder grids = new StringBuilder();
        for (int ny = 1; ny <= 5; ny++) {
            for (int nx = 1; nx <= 5; nx++) {
                grids.append(nx).append(' ').append(ny).append(' ');
            }
        }
        grids.append("7 3 31 17 100 100 333 301");
        String out = run(r, "torsion.c", TORSION_DRIVER, grids.toString().split(" "));
        int checked = 0;
        for (String line : out.split("\n")) {
            String[] w = line.split(" ");
            assertEquals("grad", w[0], line);
            assertTrue(Double.parseDouble(w[3]) <= 1e-12, "gradient: " + line);
            assertTrue(Double.parseDouble(w[4]) <= 1e-13, "value: " + line);
            assertTrue(Double.parseDouble(w[5]) <= 1e-12, "a second call increments: " + line);
            assertEquals("0", w[6], "no plan: " + line);
            checked++;
        }
        assertEquals(29, checked);
    }

    /**
     * On a boundary an iteration reads fewer entries than its stencil has (torsion's val() returns 0 outside
     * the grid): adding a direction it did not read would write outside the gradient (adding zero, which no
     * value shows). Built with AddressSanitizer, every small grid must run clean; skipped where gcc cannot
     * link a sanitised program.
     */
    @Test
    void torsionWritesOnlyTheEntriesItsIterationsRead() {
        SeparableResult r = generate("torsion.c", "torsion_f", SeparableOptions.defaults());
        Gcc.requireAddressSanitizer();
        Path dir = ScratchDir.deletedAtExit("pa-direct-asan");
        Cc.writeAll(dir, r);
        ScratchDir.write(dir, "torsion.c", Sources.resource("torsion.c"));
        ScratchDir.write(dir, "driver.c", TORSION_DRIVER);
        List<String> build = new ArrayList<>(Gcc.USER);
        build.addAll(List.of("torsion_ps.c", "torsion.c", "driver.c", "-o", "asan", "-lm"));
        Processes.Result b = gcc(dir, Gcc.ADDRESS_SANITIZER, build);
        assertTrue(b.ok(), b.output());
        Processes.Result p = Processes.exec(List.of(dir.resolve("asan").toString(), "1", "1", "2", "1", "1", "2", "2",
                "3", "3", "2", "5", "4", "7", "7"), dir, Map.of("OMP_NUM_THREADS", "1"), 300);
        assertEquals(0, p.exitCode(), p.output());
        assertFalse(p.output().contains("AddressSanitizer"), p.output());
        assertEquals(7, p.output().lines().filter(l -> l.startsWith("grad ")).count(), p.output());
    }

    private static Processes.Result gcc(Path dir, List<String> flags, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(flags);
        cmd.addAll(args);
        return Processes.exec(cmd, dir, Map.of(), 300);
    }

    @Test
    void rosenbrockChainAddsToTheGradientDirectlyAndMatchesAnalyticAndFiniteDifferences() {
        SeparableResult r = generate("rosenbrock.c", "rosenbrock_f", SeparableOptions.defaults());
        SeparableFunction s = r.function("rosenbrock_f").orElseThrow();
        assertEquals(2, s.directions(), "each link reads x[i] and x[i + 1]");
        noRunTimeMachinery(r);
        // the links add straight into the gradient at the entries they read
        assertTrue(r.source().text().contains("xb[1 + i] += "), r.source().text());
        Gcc.require();
        String out = run(r, "rosenbrock.c", ROSENBROCK_DRIVER, "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                "11", "12", "63", "1001", "100001");
        int checked = 0;
        for (String line : out.split("\n")) {
            String[] w = line.split(" ");
            assertEquals("grad", w[0], line);
            assertTrue(Double.parseDouble(w[2]) <= 1e-13, "analytic: " + line);
            assertTrue(Double.parseDouble(w[3]) <= 1e-6, "central differences: " + line);
            assertEquals("0", w[4], "no plan: " + line);
            checked++;
        }
        assertEquals(15, checked);
    }

    @Test
    void weightsKnownOnlyAfterTheSweepKeepTheCompressedJacobian() {
        SeparableResult r = generate("torsion.c", "torsion_f", SeparableOptions.defaults().withWeightedRows(false));
        assertEquals(0, r.function("torsion_f").orElseThrow().directions());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("coloring-at-generation")),
                r.diagnostics().toString());
        assertTrue(r.source().text().contains("pa_ps_plan_periodic_colors("));
        assertTrue(r.source().text().contains("pa_ps_assemble("));
        SeparableResult off = generate("rosenbrock.c", "rosenbrock_f",
                SeparableOptions.defaults().withDirectAssembly(false));
        assertEquals(0, off.function("rosenbrock_f").orElseThrow().directions());
        assertFalse(off.source().text().contains("_direct("), off.source().text());
    }

    private static SeparableResult generate(String file, String function, SeparableOptions options) {
        TranslationUnit unit = Sources.unit(file, Sources.resource(file));
        SeparableResult r = SeparableDifferentiator.differentiate(unit, function, options);
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        return r;
    }

    private static Diagnostic info(SeparableResult r) {
        return r.diagnostics().stream().filter(d -> d.code().equals("gradient-added-directly")).findFirst()
                .orElseThrow(() -> new AssertionError(r.diagnostics()));
    }

    private static void noRunTimeMachinery(SeparableResult r) {
        String c = r.source().text();
        for (String call : RUN_TIME_MACHINERY) {
            assertFalse(c.contains(call), () -> call + " in\n" + c);
        }
        assertTrue(r.diagnostics().stream().noneMatch(d -> d.code().startsWith("coloring-at")),
                r.diagnostics().toString());
    }

    private static String run(SeparableResult r, String file, String driver, String... args) {
        Path dir = ScratchDir.deletedAtExit("pa-direct");
        Path generated = Cc.writeAll(dir, r);
        Path source = ScratchDir.write(dir, file, Sources.resource(file));
        Path main = ScratchDir.write(dir, "driver.c", driver);
        Path exe = Gcc.link(dir, "direct", List.of(Gcc.object(generated, Gcc.STRICT), Gcc.object(source, Gcc.USER),
                Gcc.object(main, Gcc.STRICT)));
        Processes.Result p = Gcc.run(exe, Map.of("OMP_NUM_THREADS", "2"), 300, args);
        assertEquals(0, p.exitCode(), p.output());
        return p.output();
    }
}
