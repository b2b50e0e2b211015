package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.DerivativeCheck;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * Values a time step's parallel loop records where it computes them ({@code RecordedWrites}):
 * the block of the tape is filled by the loop that sets the array and read by the adjoints of
 * the loops after it, with no whole-array save or restore; where a condition of the rule fails,
 * the array is saved whole and restored as before. Each kernel passes the dot-product and
 * finite-difference checks at 1, 2 and 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class RecordedWritesTest {

    static final int[] THREADS = {1, 2, 4};

    /** Half steps: the first loop's adjoint needs u from before the second overwrites it (u is saved whole). */
    static final String HALF_STEPS = """
            void f(int n, int m, int steps, double u[n][m], double v[n][m])
            {
                int s, i, j;
            #pragma ad gradient(u : u)
                for (s = 0; s < steps; s++) {
            #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            v[i][j] = 0.2 * (u[i][j] + u[i - 1][j] + u[i + 1][j]) + 0.05 * u[i][j] * u[i][j];
            #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            u[i][j] = v[i][j] - 0.1 * v[i][j] * v[i][j] * v[i][j];
                }
            }
            """;

    /** The reaction step of OpDiLib's block solver on an n x m grid (not square: a transposed read shows). */
    static final String REACTION = """
            void f(int n, int m, int steps, double c, double u[n][m], double v[n][m])
            {
                int s, i, j;
            #pragma ad gradient(u : u)
                for (s = 0; s < steps; s++) {
            #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            v[i][j] = u[i][j] + c * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]
                                    - 4.0 * u[i][j]);
            #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            u[i][j] = v[i][j] - 0.1 * v[i][j] * v[i][j] * v[i][j];
                }
            }
            """;

    static final Consumer<DerivativeCheck> GRID = c -> c.set("n", "9").set("m", "7").set("steps", "3")
            .set("c", "0.15").size("u", "n * m").size("v", "n * m");

    @Test
    void theWriterRecordsWhatTheLaterLoopsAdjointReads() {
        String[] out = Kernels.check(REACTION, "f", DiffOptions.defaults(), THREADS, GRID);
        String b = out[1];
        // recorded right after the write, in the writer's nest; read back in the adjoint loop
        assertTrue(b.contains("pa_at_v = pa_reserve_d(pa_t, n * m);"), b);
        assertTrue(b.contains("pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
        assertTrue(b.contains("pa_at_v = (long) pa_pop_d(pa_t);"), b);
        assertTrue(b.contains("pa_at_v = pa_release_d(pa_t, n * m);"), b);
        assertTrue(b.contains("pa_get_d(pa_t, pa_at_v + (i * m + j))"), b);
        // no pass that copies v to the tape or back, and the adjoint never reads v itself
        assertFalse(b.contains("pa_s0"), b);
        String reverse = b.substring(b.indexOf("pa_at_v = (long) pa_pop_d"));
        assertFalse(reverse.matches("(?s).*[^b]v\\[i\\]\\[j\\].*"), reverse);
    }

    /**
     * The reaction step's time loop is checkpointed by default: past its budget the first step
     * stays taped and the others follow Revolve's schedule, each recorded (its block filled by the
     * writer) and reversed from a snapshot, with one or two snapshots. The derivative checks pass,
     * as within the budget.
     */
    @Test
    void recordedWritesInALoopCheckpointedPastItsBudget() {
        TranslationUnit u = TinyC.parse("f.c", REACTION);
        DiffResult t = Kernels.differentiate(u, "f", Mode.TANGENT, DiffOptions.defaults());
        DiffResult r = Kernels.differentiate(u, "f", Mode.REVERSE, DiffOptions.defaults());
        String tangent = CPrinter.printFile(List.of(t.function()));
        String adjoint = CPrinter.printFile(List.of(r.function()));
        assertTrue(adjoint.contains("pa_ck_init_auto(") && adjoint.contains("pa_put_d(pa_t, pa_at_v"), adjoint);
        // a step of the 9 x 7 grid tapes 63 doubles and the block's start, 512 bytes, 2560 for 5 steps; the
        // state is u alone (each step sets v before reading it), 504 bytes: past the first step, a budget of 1
        // leaves one snapshot, 1530 two
        assertTrue(adjoint.contains("pa_ck_init_auto(pa_ck, pa_t, pa_steps, 8.0 * n * m);"), adjoint);
        for (String budget : List.of("1", "1530")) {
            DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function("f").orElseThrow(), tangent,
                    t.signature(), "#define PA_TAPE_BUDGET " + budget + "\n" + adjoint, r.signature());
            GRID.andThen(c -> c.set("steps", "5")).accept(dc);
            for (int threads : THREADS) {
                DerivativeCheck.Outcome o = dc.run(threads);
                assertTrue(o.dotError() <= 1e-12, () -> "budget " + budget + ": " + o.output());
                assertTrue(o.fdError() <= 1e-6, () -> "budget " + budget + ": " + o.output());
            }
        }
    }

    @Test
    void aValueReadFromAnotherPlaceFailsTheDotProductTest() {
        TranslationUnit u = TinyC.parse("f.c", REACTION);
        DiffResult t = Kernels.differentiate(u, "f", Mode.TANGENT, DiffOptions.defaults());
        DiffResult r = Kernels.differentiate(u, "f", Mode.REVERSE, DiffOptions.defaults());
        String tangent = CPrinter.printFile(List.of(t.function()));
        String adjoint = CPrinter.printFile(List.of(r.function()));
        String read = "pa_get_d(pa_t, pa_at_v + (i * m + j))";
        assertTrue(adjoint.contains(read), adjoint);
        for (String wrong : List.of("pa_get_d(pa_t, pa_at_v + (j * n + i))", "pa_get_d(pa_t, pa_at_v + (i * m + j + 1))")) {
            DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function("f").orElseThrow(), tangent,
                    t.signature(), adjoint.replace(read, wrong), r.signature());
            GRID.accept(dc);
            // the check's program exits with an error when <xd, xb> and <yd, yb> disagree
            AssertionError e = assertThrows(AssertionError.class, () -> dc.run(2), wrong);
            assertTrue(e.getMessage().contains("derivative check failed (threads=2): dot "), e.getMessage());
        }
    }

    @Test
    void twoArraysOfAStepEachRecordedByItsWriter() {
        String[] out = Kernels.check("""
                #include <math.h>
                void f(int n, int steps, double u[n], double v[n], double w[n])
                {
                    int s, i;
                #pragma ad gradient(u : u)
                    for (s = 0; s < steps; s++) {
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            w[i] = sin(v[i]);
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            u[i] = v[i] * w[i];
                    }
                }
                """, "f", DiffOptions.defaults(), THREADS, c -> c.set("n", "23").set("steps", "3").size("u", "n")
                .size("v", "n").size("w", "n"));
        String b = out[1];
        // reserved in forward order, released in reverse order
        assertTrue(b.contains("pa_put_d(pa_t, pa_at_v + i, v[i]);") && b.contains("pa_put_d(pa_t, pa_at_w + i, w[i]);"), b);
        int w = b.indexOf("pa_at_w = pa_release_d");
        int v = b.indexOf("pa_at_v = pa_release_d");
        assertTrue(w > 0 && v > w, b);
        assertFalse(b.contains("pa_s0"), b);
    }

    @Test
    void aWholeArraySavedAfterTheBlockIsRestoredBeforeTheBlockIsGivenBack() {
        // the first half step's adjoint needs u from before the second overwrites it: u is saved
        // whole above v's block on the tape; the step's adjoint pops where the block starts first
        String[] out = Kernels.check(HALF_STEPS, "f", DiffOptions.defaults(), THREADS, c -> c.set("n", "8")
                .set("m", "11").set("steps", "3").size("u", "n * m").size("v", "n * m"));
        String b = out[1];
        assertTrue(b.contains("pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
        assertTrue(b.contains("pa_push_d(pa_t, (double) pa_at_v);"), b);
        int popped = b.indexOf("pa_at_v = (long) pa_pop_d(pa_t);");
        int restored = b.indexOf("u[pa_s0][pa_s1] = pa_get_d(pa_t, pa_at + ");
        int released = b.indexOf("pa_at_v = pa_release_d(pa_t, n * m);");
        assertTrue(popped > 0 && restored > popped && released > restored, b);
    }

    @Test
    void aPointerWithoutExtentsKeepsTheSaveOfTheWrittenElements() {
        // no block of the array's size can be reserved: each iteration's element is saved as before
        String[] out = Kernels.check("""
                void f(int n, int steps, double *u, double *v)
                {
                    int s, i;
                #pragma ad gradient(u : u)
                    for (s = 0; s < steps; s++) {
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            u[i] = v[i] * v[i];
                    }
                }
                """, "f", DiffOptions.defaults(), THREADS, c -> c.set("n", "15").set("steps", "3").size("u", "n")
                .size("v", "n"));
        assertFalse(out[1].contains("pa_at_v"), out[1]);
        assertTrue(out[1].contains("v[i] = pa_pop_d(pa_t);"), out[1]);
    }

    @Test
    void aNeighbourReadKeepsTheWholeArraySave() {
        // the adjoint of the second loop reads v[i + 1]: an element another iteration set
        String[] out = Kernels.check("""
                void f(int n, int steps, double u[n], double v[n])
                {
                    int s, i;
                #pragma ad gradient(u : u)
                    for (s = 0; s < steps; s++) {
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
                #pragma omp parallel for
                        for (i = 1; i < n - 2; i++)
                            u[i] = v[i] * v[i + 1];
                    }
                }
                """, "f", DiffOptions.defaults(), THREADS, c -> c.set("n", "19").set("steps", "3").size("u", "n")
                .size("v", "n"));
        // saved (one element per iteration) and restored before the writer's adjoint
        assertFalse(out[1].contains("pa_at_v"), out[1]);
        assertTrue(out[1].contains("v[i] = pa_pop_d(pa_t);"), out[1]);
    }

    @Test
    void anEarlierLoopNeedingTheOldValuesKeepsTheWholeArraySave() {
        // the first loop's adjoint needs v from the step before: the values the writer overwrites
        String[] out = Kernels.check("""
                void f(int n, int steps, double u[n], double v[n])
                {
                    int s, i;
                #pragma ad gradient(u : u)
                    for (s = 0; s < steps; s++) {
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            u[i] = u[i] * v[i];
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            u[i] = u[i] - 0.1 * v[i] * v[i];
                    }
                }
                """, "f", DiffOptions.defaults(), THREADS, c -> c.set("n", "17").set("steps", "3").size("u", "n")
                .size("v", "n"));
        assertFalse(out[1].contains("pa_at_v"), out[1]);
        assertTrue(out[1].contains("v[i] = pa_pop_d(pa_t);"), out[1]);
    }
}
