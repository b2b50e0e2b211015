package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The acceptance test on the MINPACK-2 torsion problem: for nx = ny in {10, 100, 300} the sparse
 * gradient matches the hand-written {@code torsion_grad_analytic} to 1e-12 (relative, max over the
 * entries) and the expanded function matches {@code torsion_f}; with 1 and 2 OpenMP threads (the
 * assembly runs in parallel above 50000 columns, so nx = 300 exercises it). Also: the pattern is
 * detected once and then reused, a new value of a scalar parameter makes a new one, the phases are
 * timed, the dense variant agrees.
 */
class TorsionTest {

    private static final String DRIVER = """
            #include <math.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include "torsion_ps.h"

            void torsion_f(int nx, int ny, const double *x, double c, double *f);
            void torsion_grad_analytic(int nx, int ny, const double *x, double c, double *g);

            static double relerr(const double *a, const double *b, int n)
            {
                double err = 0.0, scale = 0.0;
                for (int i = 0; i < n; i++) {
                    err = fmax(err, fabs(a[i] - b[i]));
                    scale = fmax(scale, fabs(b[i]));
                }
                return err / scale;
            }

            int main(int argc, char **argv)
            {
                for (int a = 1; a < argc; a++) {
                    int nx = atoi(argv[a]), ny = nx, n = nx * ny;
                    double *x = malloc(n * sizeof *x), *g = malloc(n * sizeof *g);
                    double *gs = calloc(n, sizeof *gs), *gd = calloc(n, sizeof *gd);
                    double c = 5.0, f = 0.0, fps = 0.0, fgrad = 0.0, fdense = 0.0, sec[PA_PS_PHASES];
                    srand(7 + nx);
                    for (int i = 0; i < n; i++) {
                        x[i] = (double) rand() / RAND_MAX - 0.25;
                    }
                    torsion_f(nx, ny, x, c, &f);
                    torsion_f_ps(nx, ny, x, c, &fps);
                    torsion_grad_analytic(nx, ny, x, c, g);
                    torsion_f_grad_ps(nx, ny, x, gs, c, &fgrad);
                    const pa_ps_plan *plan = torsion_f_grad_ps_plan();
                    torsion_f_grad_ps_timings(sec);
                    printf("nx=%d colors=%d rows=%d cols=%d nnz=%ld\\n", nx, plan->ncolors, plan->rows, plan->cols,
                           plan->nnz);
                    printf("nx=%d grad=%.3e fps=%.3e fgrad=%.3e\\n", nx, relerr(gs, g, n), fabs(fps - f) / fabs(f),
                           fabs(fgrad - f) / fabs(f));
                    printf("nx=%d first pattern=%d colouring=%d sweep=%d assembly=%d\\n", nx, sec[0] > 0.0,
                           sec[1] > 0.0, sec[2] > 0.0, sec[3] > 0.0);
                    /* second call at another point: the cached plan is reused, the gradient is incremented */
                    for (int i = 0; i < n; i++) {
                        x[i] = 0.5 * x[i] + 0.125;
                        gs[i] = 1.0;
                    }
                    torsion_grad_analytic(nx, ny, x, c, g);
                    for (int i = 0; i < n; i++) {
                        g[i] += 1.0;
                    }
                    torsion_f_grad_ps(nx, ny, x, gs, c, &fgrad);
                    torsion_f_grad_ps_timings(sec);
                    printf("nx=%d again grad=%.3e reused=%d pattern=%d sweep=%d\\n", nx, relerr(gs, g, n),
                           plan == torsion_f_grad_ps_plan(), sec[0] > 0.0, sec[2] > 0.0);
                    /* another value of the scalar parameter c: a new plan */
                    for (int i = 0; i < n; i++) {
                        gs[i] = 0.0;
                    }
                    torsion_grad_analytic(nx, ny, x, 2.0, g);
                    torsion_f_grad_ps(nx, ny, x, gs, 2.0, &fgrad);
                    torsion_f_grad_ps_timings(sec);
                    printf("nx=%d newkey grad=%.3e pattern=%d\\n", nx, relerr(gs, g, n), sec[0] > 0.0);
                    if (n <= 2500) {
                        torsion_grad_analytic(nx, ny, x, c, g);
                        torsion_f_grad_dense(nx, ny, x, gd, c, &fdense);
                        printf("nx=%d dense grad=%.3e colors=%d\\n", nx, relerr(gd, g, n),
                               torsion_f_grad_dense_plan()->ncolors);
                    }
                    free(x);
                    free(g);
                    free(gs);
                    free(gd);
                }
                torsion_f_grad_ps_release();
                torsion_f_grad_dense_release();
                return 0;
            }
            """;

    private static SeparableResult result;
    /** Weights applied in the sweep (one block of rows, the default). */
    private static Path exe;
    /** One block of rows per elemental, weighted at assembly. */
    private static Path blocksExe;

    @BeforeAll
    static void differentiate() {
        result = generate(true);
    }

    /**
     * Built by the first test that runs it, not in {@code @BeforeAll}: without gcc that test is
     * skipped (an assumption there would report the class as no tests) while the text tests run.
     */
    private static synchronized Path exe() {
        if (exe == null) {
            exe = link(result, "pa-torsion");
        }
        return exe;
    }

    private static synchronized Path blocksExe() {
        if (blocksExe == null) {
            blocksExe = link(generate(false), "pa-torsion-blocks");
        }
        return blocksExe;
    }

    private static SeparableResult generate(boolean weightedRows) {
        TranslationUnit unit = Sources.unit("torsion.c", Sources.resource("torsion.c"));
        SeparableResult r = SeparableDifferentiator.differentiate(unit, "torsion_f",
                SeparableOptions.defaults().withDenseVariant(true).withWeightedRows(weightedRows)
                        .withDirectAssembly(false));
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        assertEquals(weightedRows, r.function("torsion_f").orElseThrow().weightedRows());
        return r;
    }

    private static Path link(SeparableResult r, String prefix) {
        Path dir = ScratchDir.deletedAtExit(prefix);
        Path generated = Cc.writeAll(dir, r);
        Path source = ScratchDir.write(dir, "torsion.c", Sources.resource("torsion.c"));
        Path driver = ScratchDir.write(dir, "driver.c", DRIVER);
        return Gcc.link(dir, "torsion", List.of(Gcc.object(generated, Gcc.STRICT, "-DPARADJOINT_TIMING"),
                Gcc.object(source, Gcc.USER), Gcc.object(driver, Gcc.STRICT)));
    }

    @Test
    void summaryNamesTheElementalsAndSlotCounts() {
        SeparableFunction s = result.function("torsion_f").orElseThrow();
        assertEquals(List.of("fquad", "flin"), s.elementals());
        assertEquals(List.of("(ny + 1) * (nx + 1)", "(ny + 1) * (nx + 1)"), s.slotCounts());
        assertEquals(List.of("x"), s.independents());
        assertEquals(List.of("xb"), s.gradientParams());
        assertTrue(s.cacheable());
        assertEquals("torsion_f_grad_ps", s.gradient());
        assertTrue(result.header().text().contains(
                "void torsion_f_grad_ps(int nx, int ny, const double *x, double *xb, double c, double *f);"),
                result.header().text());
    }

    @Test
    void expandedFunctionHasTheShapeOfTheExpansion() {
        String c = result.source().text();
        // slots sized by the trip counts, an initialisation loop over all of them
        assertTrue(c.contains("fquad_n = pa_ps_size((ny + 1) * (nx + 1));"), c);
        assertTrue(c.contains("for (pa_s = 0; pa_s < fquad_n; pa_s++) {\n        fquad_e[pa_s] = 0.0;"), c);
        // both nests update the slot of their own linearised iteration
        assertTrue(c.contains("fquad_e[j * (nx + 1) + i] = fquad_e[j * (nx + 1) + i] + dvdx * dvdx + dvdy * dvdy;"), c);
        assertTrue(c.contains("fquad_e[(j - 1) * (nx + 1) + (i - 1)] = fquad_e[(j - 1) * (nx + 1) + (i - 1)]"), c);
        // the combination fills a result vector, then sums it
        assertTrue(c.contains("pa_r[pa_s] = area * (p5 * fquad_e[pa_s] + flin_e[pa_s]);"), c);
        assertTrue(c.contains("pa_sum = pa_sum + pa_r[pa_s];"), c);
        assertTrue(c.contains("f[0] = pa_sum;"), c);
    }

    @Test
    void oneThread() {
        check(run(exe(), "1"), 1);
    }

    @Test
    void twoThreads() {
        check(run(exe(), "2"), 1);
    }

    @Test
    void oneBlockPerElementalOneThread() {
        check(run(blocksExe(), "1"), 2);
    }

    @Test
    void oneBlockPerElementalTwoThreads() {
        check(run(blocksExe(), "2"), 2);
    }

    private static String run(Path program, String threads) {
        Processes.Result r = Gcc.run(program, Map.of("OMP_NUM_THREADS", threads), 300, "10", "100", "300");
        assertEquals(0, r.exitCode(), r.output());
        return r.output();
    }

    /** {@code blocks}: rows per slot of the grid (one shared block, or one per elemental). */
    private static void check(String out, int blocks) {
        for (int nx : new int[] {10, 100, 300}) {
            assertTrue(value(out, "nx=" + nx + " grad=") <= 1e-12, out);
            assertTrue(value(out, "nx=" + nx + " grad=[^ ]+ fps=") <= 1e-12, out);
            assertTrue(value(out, "nx=" + nx + " grad=[^ ]+ fps=[^ ]+ fgrad=") <= 1e-14, out);
            assertTrue(out.contains("nx=" + nx + " colors=4 rows=" + blocks * (nx + 1) * (nx + 1) + " cols=" + nx * nx),
                    out);
            assertTrue(out.contains("nx=" + nx + " first pattern=1 colouring=1 sweep=1 assembly=1"), out);
            assertTrue(value(out, "nx=" + nx + " again grad=") <= 1e-12, out);
            assertTrue(out.contains("reused=1 pattern=0 sweep=1"), out);
            assertTrue(value(out, "nx=" + nx + " newkey grad=") <= 1e-12, out);
            assertTrue(Pattern.compile("nx=" + nx + " newkey grad=\\S+ pattern=1").matcher(out).find(), out);
        }
        // the dense variant (one direction per unknown) on the small case
        assertTrue(value(out, "nx=10 dense grad=") <= 1e-12, out);
        assertTrue(Pattern.compile("nx=10 dense grad=\\S+ colors=100\n").matcher(out).find(), out);
    }

    private static double value(String out, String prefix) {
        Matcher m = Pattern.compile(prefix + "(\\S+)").matcher(out);
        assertTrue(m.find(), () -> "no '" + prefix + "' in\n" + out);
        return Double.parseDouble(m.group(1));
    }
}
