package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringProblem;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The C colouring and recovery of the support file against org.paradjoint.coloring, the
 * reference: on random patterns the C greedy colouring (natural order) gives the same colours as
 * the library's COLUMN colouring with NaturalOrder, which the library's checker accepts; the
 * torsion pattern the generated code detects is the expected one, and the colours the generator
 * fixed for it pass the checker; and the direct recovery and assembly of the support file computes
 * {@code J^T w} exactly from the compressed matrix.
 */
class ColoringOracleTest {

    /** Builds a plan from random row sets, prints it, then the assembled J^T w for every active array. */
    private static final String RANDOM_DRIVER = """
            #include "paradjoint_ps.h"

            static double entry(int r, int c)
            {
                return sin(0.37 * r + 1.3 * c) + 2.0;
            }

            int main(int argc, char **argv)
            {
                unsigned seed = (unsigned) atoi(argv[1]);
                int rows = atoi(argv[2]), cols = atoi(argv[3]), per_row = atoi(argv[4]), nblocks = atoi(argv[5]);
                int nact = atoi(argv[6]);
                double key = 1.0, w[8];
                (void) argc;
                srand(seed);
                pa_ps_plan *pl = pa_ps_plan_new(1, &key, nact);
                int done = 0;
                for (int b = 0; b < nblocks; b++) {
                    int count = b + 1 < nblocks ? rows / nblocks : rows - done;
                    pa_ps_set *sets = pa_ps_sets_new(count);
                    for (int r = 0; r < count; r++) {
                        int k = rand() % (per_row + 1);
                        for (int t = 0; t < k; t++) {
                            pa_ps_set_add(pa_ps_sets_at(sets, r), rand() % cols);
                        }
                    }
                    pa_ps_plan_add_block(pl, sets, count);
                    pa_ps_sets_free(sets, count);
                    done += count;
                    w[b] = 1.0 + b;
                }
                pa_ps_plan_color(pl);
                pa_ps_plan_print(pl, stdout);
                /* B = J S from the pattern and the colours, then recovery and assembly */
                int p = pa_ps_plan_colors(pl);
                for (int r = 0; r < pl->rows; r++) {
                    for (int k = pl->row_ptr[r]; k < pl->row_ptr[r + 1]; k++) {
                        pl->compressed[(size_t) r * p + pl->color[pl->col_idx[k]]] += entry(r, pl->col_idx[k]);
                    }
                }
                for (int a = 0; a < nact; a++) {
                    int n = (pl->cols + nact - 1) / nact + 1;
                    double *g = calloc(n, sizeof *g);
                    pa_ps_assemble(pl, w, g, a);
                    printf("grad %d", a);
                    for (int i = 0; i < n; i++) {
                        printf(" %.17g", g[i]);
                    }
                    printf("\\n");
                    free(g);
                }
                pa_ps_plan_free(pl);
                return 0;
            }
            """;

    private static final String TORSION_DRIVER = """
            #include "torsion_ps.h"

            int main(int argc, char **argv)
            {
                int nx = atoi(argv[1]), n = nx * nx;
                double *x = calloc(n, sizeof *x), *g = calloc(n, sizeof *g), f;
                (void) argc;
                torsion_f_grad_ps(nx, nx, x, g, 1.0, &f);
                pa_ps_plan_print(torsion_f_grad_ps_plan(), stdout);
                torsion_f_grad_ps_release();
                free(x);
                free(g);
                return 0;
            }
            """;

    @Test
    void randomPatternsColourAsTheLibraryAndRecoverExactly() {
        Path dir = ScratchDir.deletedAtExit("pa-oracle");
        ScratchDir.write(dir, "paradjoint_ps.h", SeparableDifferentiator.supportFileText());
        Path driver = ScratchDir.write(dir, "oracle.c", RANDOM_DRIVER);
        Path exe = Gcc.link(dir, "oracle", List.of(Gcc.object(driver, Gcc.STRICT)));
        Random random = new Random(20240611L);
        for (int trial = 0; trial < 40; trial++) {
            int rows = 1 + random.nextInt(60);
            int cols = 1 + random.nextInt(50);
            int perRow = 1 + random.nextInt(6);
            int blocks = 1 + random.nextInt(3);
            int nact = 1 + random.nextInt(2);
            String[] args = {Integer.toString(trial + 1), Integer.toString(rows), Integer.toString(cols),
                    Integer.toString(perRow), Integer.toString(blocks), Integer.toString(nact)};
            Processes.Result r = Gcc.run(exe, Map.of(), 60, args);
            assertEquals(0, r.exitCode(), r.output());
            PlanText plan = PlanText.parse(r.output(), 0);
            String what = "trial " + trial + " " + String.join(" ", args);
            sameColoursAsLibrary(plan, what);
            String[] lines = r.output().split("\n");
            for (int a = 0; a < nact; a++) {
                String[] g = lines[plan.linesRead() + a].trim().split(" ");
                assertEquals("grad", g[0], what);
                double[] expected = transposedTimesWeights(plan, rows, blocks, nact, a);
                for (int i = 0; i < expected.length; i++) {
                    double got = Double.parseDouble(g[2 + i]);
                    assertEquals(expected[i], got, 1e-12 * Math.max(1.0, Math.abs(expected[i])), what + " entry " + i);
                }
            }
        }
    }

    @Test
    void torsionPatternIsTheExpectedOneAndColouredAsTheLibrary() {
        torsionPattern(true);
    }

    @Test
    void torsionPatternWithOneBlockPerElemental() {
        torsionPattern(false);
    }

    private static void torsionPattern(boolean weightedRows) {
        int blocks = weightedRows ? 1 : 2;
        String text = Sources.resource("torsion.c");
        TranslationUnit unit = Sources.unit("torsion.c", text);
        SeparableResult result = SeparableDifferentiator.differentiate(unit, "torsion_f",
                SeparableOptions.defaults().withWeightedRows(weightedRows).withDirectAssembly(false));
        assertFalse(result.hasErrors(), () -> result.diagnostics().toString());
        Path dir = ScratchDir.deletedAtExit("pa-oracle-torsion");
        Path generated = Cc.writeAll(dir, result);
        Path exe = Gcc.link(dir, "torsion", List.of(Gcc.object(generated, Gcc.STRICT),
                Gcc.object(ScratchDir.write(dir, "driver.c", TORSION_DRIVER), Gcc.STRICT)));
        for (int nx : new int[] {1, 2, 7, 12}) {
            Processes.Result r = Gcc.run(exe, Map.of(), 60, Integer.toString(nx));
            assertEquals(0, r.exitCode(), r.output());
            PlanText plan = PlanText.parse(r.output(), 0);
            assertEquals(blocks * (nx + 1) * (nx + 1), plan.rows());
            assertEquals(nx * nx, plan.cols());
            for (int block = 0; block < blocks; block++) {
                for (int j = 0; j <= nx; j++) {
                    for (int i = 0; i <= nx; i++) {
                        int row = block * (nx + 1) * (nx + 1) + j * (nx + 1) + i;
                        assertEquals(expectedTorsionRow(nx, i, j), rowOf(plan, row), "nx=" + nx + " row " + row);
                    }
                }
            }
            // torsion's colours are fixed by the generator (a table periodic in the grid), not by the C greedy
            // pass: the reference checker must accept them, with the four colours the squares need
            String what = "torsion nx=" + nx;
            assertTrue(ColoringChecker.checkColumns(plan.pattern(), plan.colors()).isEmpty(), what);
            assertEquals(4, plan.colorCount(), "the 2x2 squares of the grid need four colours");
        }
    }

    /** Slot (i, j) holds the lower element at (i, j) and the upper one at (i+1, j+1): the square's interior points. */
    private static TreeSet<Integer> expectedTorsionRow(int nx, int i, int j) {
        TreeSet<Integer> cols = new TreeSet<>();
        int[][] points = {{i, j}, {i + 1, j}, {i, j + 1}, {i + 1, j + 1}};
        for (int[] pt : points) {
            if (pt[0] >= 1 && pt[0] <= nx && pt[1] >= 1 && pt[1] <= nx) {
                cols.add((pt[1] - 1) * nx + (pt[0] - 1));
            }
        }
        return cols;
    }

    private static TreeSet<Integer> rowOf(PlanText plan, int row) {
        TreeSet<Integer> cols = new TreeSet<>();
        for (int k = plan.pattern().rowStart(row); k < plan.pattern().rowEnd(row); k++) {
            cols.add(plan.pattern().colIndexAt(k));
        }
        return cols;
    }

    private static void sameColoursAsLibrary(PlanText plan, String what) {
        ColoringResult lib = Coloring.color(plan.pattern(), ColoringProblem.COLUMN, ColoringAlgorithm.greedy());
        assertArrayEquals(lib.colors(), plan.colors(), what);
        assertEquals(lib.colorCount(), Math.max(plan.colorCount(), plan.cols() == 0 ? 0 : 1), what);
        assertTrue(ColoringChecker.checkColumns(plan.pattern(), plan.colors()).isEmpty(), what);
    }

    /** J^T w restricted to the columns of active array a, with J's entries as the driver defines them. */
    private static double[] transposedTimesWeights(PlanText plan, int rows, int blocks, int nact, int a) {
        int n = (plan.cols() + nact - 1) / nact + 1;
        double[] g = new double[n];
        List<Integer> blockOf = new ArrayList<>();
        int per = rows / blocks;
        for (int b = 0; b < blocks; b++) {
            int count = b + 1 < blocks ? per : rows - per * (blocks - 1);
            for (int r = 0; r < count; r++) {
                blockOf.add(b);
            }
        }
        for (int r = 0; r < plan.rows(); r++) {
            double w = 1.0 + blockOf.get(r);
            for (int k = plan.pattern().rowStart(r); k < plan.pattern().rowEnd(r); k++) {
                int c = plan.pattern().colIndexAt(k);
                if (c % nact == a) {
                    g[c / nact] += w * (Math.sin(0.37 * r + 1.3 * c) + 2.0);
                }
            }
        }
        return g;
    }
}
