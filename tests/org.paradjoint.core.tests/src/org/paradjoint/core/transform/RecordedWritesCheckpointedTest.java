package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.DerivativeCheck;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Time loops annotated {@code ad checkpoint(binomial, S)} whose step has a parallel loop setting
 * an array that the later loops of the step read ({@link RecordedWritesTest}'s kernels): every
 * turn of the schedule records its step and reverses it at once, so the step's values must be
 * on the tape where its reversal reads them, whichever way the array is kept. Each adjoint is
 * compiled with -Wall -Wextra -Werror -fopenmp and passes the dot-product and finite-difference
 * checks at 1, 2 and 4 threads for one, two and more snapshots than steps; it equals the taped
 * adjoint to rounding.
 */
@Execution(ExecutionMode.CONCURRENT)
class RecordedWritesCheckpointedTest {

    /** {@code src} with the time loop annotated {@code ad checkpoint(binomial, snaps)}. */
    private static String annotated(String src, String snaps) {
        return src.replace("    for (s = 0;", "#pragma ad checkpoint(binomial, " + snaps + ")\n    for (s = 0;");
    }

    /** Snapshots and steps: one snapshot, two, as many as the steps and more, one step. */
    private static final int[][] SNAPS_STEPS = {{1, 4}, {2, 5}, {5, 5}, {7, 3}, {2, 1}};

    /**
     * v is recorded by its writer, not saved whole and restored: the forward sweep's last step
     * and every turn's recording put its values in a block reserved before the writer and push
     * where it starts; the turn's reversal pops that, reads v there and gives the block back.
     */
    @Test
    void theReactionStepRecordsVAndPassesTheDerivativeChecks() {
        for (int[] k : SNAPS_STEPS) {
            String b = Kernels.check(annotated(RecordedWritesTest.REACTION, Integer.toString(k[0])), "f",
                    DiffOptions.defaults(), RecordedWritesTest.THREADS,
                    RecordedWritesTest.GRID.andThen(c -> c.set("steps", Integer.toString(k[1]))))[1];
            assertTrue(b.contains("pa_ck_init(pa_ck, pa_steps, " + k[0] + ");"), b);
            // the forward sweep's last step and the turns' recordings
            assertEquals(2, count(b, "pa_at_v = pa_reserve_d(pa_t, n * m);"), b);
            assertEquals(2, count(b, "pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
            assertEquals(2, count(b, "pa_push_d(pa_t, (double) pa_at_v);"), b);
            assertEquals(1, count(b, "pa_at_v = (long) pa_pop_d(pa_t);"), b);
            assertEquals(1, count(b, "pa_at_v = pa_release_d(pa_t, n * m);"), b);
            assertTrue(b.contains("pa_get_d(pa_t, pa_at_v + (i * m + j))"), b);
            // no pass copying v to the tape or back, and no snapshot of v: each step sets it before reading it
            assertFalse(b.contains("pa_s0"), b);
            assertTrue(b.contains("pa_ck_put_da(pa_ck, u, n * m);"), b);
            assertFalse(b.contains("pa_ck_put_da(pa_ck, v"), b);
        }
    }

    /**
     * The writer reads v's old values (linearly: its adjoint does not need them, so v is still
     * recorded): a step reads v before setting it, so the snapshots hold v, and the recomputed
     * steps start from the v they had.
     */
    @Test
    void aWriterReadingTheOldValuesKeepsTheArrayInTheSnapshots() {
        String src = """
                void f(int n, int m, int steps, double c, double u[n][m], double v[n][m])
                {
                    int s, i, j;
                #pragma ad gradient(u : u)
                    for (s = 0; s < steps; s++) {
                #pragma omp parallel for private(j)
                        for (i = 1; i < n - 1; i++)
                            for (j = 1; j < m - 1; j++)
                                v[i][j] = 0.5 * v[i][j] + c * u[i][j] * u[i][j];
                #pragma omp parallel for private(j)
                        for (i = 1; i < n - 1; i++)
                            for (j = 1; j < m - 1; j++)
                                u[i][j] = u[i][j] - 0.1 * v[i][j] * v[i][j];
                    }
                }
                """;
        for (int[] k : new int[][] {{1, 4}, {2, 5}}) {
            String b = Kernels.check(annotated(src, Integer.toString(k[0])), "f", DiffOptions.defaults(),
                    RecordedWritesTest.THREADS,
                    RecordedWritesTest.GRID.andThen(c -> c.set("steps", Integer.toString(k[1]))))[1];
            assertTrue(b.contains("pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
            assertTrue(b.contains("pa_ck_put_da(pa_ck, v, n * m);"), b);
        }
    }

    /**
     * The forward sweep's last step and every turn's recording must put v's values: without the
     * puts of either, the reversal reads a block its step did not fill (another step's values,
     * or none) and the dot-product test fails.
     */
    @Test
    void aStepThatDoesNotPutItsValuesFailsTheDotProductTest() {
        TranslationUnit u = TinyC.parse("f.c", annotated(RecordedWritesTest.REACTION, "2"));
        DiffResult t = Kernels.differentiate(u, "f", Mode.TANGENT, DiffOptions.defaults());
        DiffResult r = Kernels.differentiate(u, "f", Mode.REVERSE, DiffOptions.defaults());
        String tangent = CPrinter.printFile(List.of(t.function()));
        String adjoint = CPrinter.printFile(List.of(r.function()));
        String put = "pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);";
        int last = adjoint.indexOf(put);
        int turn = adjoint.lastIndexOf(put);
        assertTrue(last > 0 && turn > last && adjoint.indexOf("pa_ck_recording(pa_ck)") < turn, adjoint);
        for (int at : new int[] {last, turn}) {
            String without = adjoint.substring(0, at) + adjoint.substring(at + put.length());
            DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function("f").orElseThrow(), tangent,
                    t.signature(), without, r.signature());
            RecordedWritesTest.GRID.andThen(c -> c.set("steps", "5")).accept(dc);
            // the check's program exits with an error when <xd, xb> and <yd, yb> disagree
            AssertionError e = assertThrows(AssertionError.class, () -> dc.run(2), without);
            assertTrue(e.getMessage().contains("derivative check failed (threads=2): dot "), e.getMessage());
        }
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    /** v recorded, u saved whole above v's block: the turn's reversal restores u before giving the block back. */
    @Test
    void halfStepsWithAWholeArraySavedPassTheDerivativeChecks() {
        for (int[] k : SNAPS_STEPS) {
            String b = Kernels.check(annotated(RecordedWritesTest.HALF_STEPS, Integer.toString(k[0])), "f",
                    DiffOptions.defaults(), RecordedWritesTest.THREADS, c -> c.set("n", "8").set("m", "11")
                            .set("steps", Integer.toString(k[1])).size("u", "n * m").size("v", "n * m"))[1];
            int popped = b.indexOf("pa_at_v = (long) pa_pop_d(pa_t);");
            int restored = b.indexOf("u[pa_s0][pa_s1] = pa_get_d(pa_t, pa_at + ");
            int released = b.indexOf("pa_at_v = pa_release_d(pa_t, n * m);");
            assertTrue(b.contains("pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
            assertTrue(popped > 0 && restored > popped && released > restored, b);
            assertFalse(b.contains("v[pa_s0][pa_s1]"), b);
        }
    }

    /**
     * Loops after the time loop: the first, whose results the second reads, saves u whole on the
     * tape above the block of the forward sweep's last step, and its adjoint reads v as that step
     * left it; u is restored from the tape before the first turn pops where the block starts.
     */
    @Test
    void loopsAfterTheTimeLoopTapeAboveTheLastStepsBlock() {
        String src = RecordedWritesTest.REACTION.substring(0, RecordedWritesTest.REACTION.lastIndexOf('}')) + """
                #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            u[i][j] = u[i][j] * v[i][j];
                #pragma omp parallel for private(j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < m - 1; j++)
                            v[i][j] = u[i][j] * u[i][j];
                }
                """;
        for (int[] k : new int[][] {{1, 4}, {3, 4}, {2, 1}}) {
            String b = Kernels.check(annotated(src, Integer.toString(k[0])), "f", DiffOptions.defaults(),
                    RecordedWritesTest.THREADS,
                    RecordedWritesTest.GRID.andThen(c -> c.set("steps", Integer.toString(k[1]))))[1];
            assertEquals(2, count(b, "pa_put_d(pa_t, pa_at_v + (i * m + j), v[i][j]);"), b);
            int saved = b.indexOf("pa_at = pa_reserve_d(pa_t, n * m);");
            int restored = b.indexOf("u[pa_s0][pa_s1] = pa_get_d(pa_t, pa_at + (pa_s0 * m + pa_s1));");
            int firstTurn = b.indexOf("pa_at_v = (long) pa_pop_d(pa_t);");
            assertTrue(b.indexOf("pa_push_d(pa_t, (double) pa_at_v);") < saved && saved < restored
                    && restored < firstTurn, b);
        }
    }

    /**
     * The checkpointed adjoint and the taped one (the kernel without the annotation, renamed;
     * within its budget it tapes every step) in one program, on the same inputs: both adjoints
     * agree to 1e-13 relative for 0 to 7 steps and 1 to 4 snapshots and one more than the
     * steps, at 1, 2 and 4 threads.
     */
    @Test
    void checkpointedAndTapedAdjointsAgree() {
        String taped = CPrinter.printFile(List.of(reverse(RecordedWritesTest.REACTION.replace("void f(",
                "void taped("), "taped")));
        String ck = CPrinter.printFile(List.of(reverse(annotated(RecordedWritesTest.REACTION, "snaps")
                .replace("double v[n][m])", "double v[n][m], int snaps)"), "f")));
        Path dir = ScratchDir.deletedAtExit("pa-ck-rw");
        ScratchDir.write(dir, "taped_b.c", taped);
        ScratchDir.write(dir, "f_b.c", ck);
        Path main = ScratchDir.write(dir, "main.c", """
                #include <math.h>
                #include <stdio.h>
                #include "taped_b.c"
                #include "f_b.c"
                enum { N = 9, M = 7 };
                static void fill(double u[N][M], double v[N][M], double ub[N][M], double vb[N][M])
                {
                    int i, j;
                    for (i = 0; i < N; i++) {
                        for (j = 0; j < M; j++) {
                            u[i][j] = 0.5 + 0.3 * sin(i + 0.7 * j);
                            v[i][j] = 0.1 * cos(i - j);
                            ub[i][j] = cos(3.0 * i + j);
                            vb[i][j] = sin(2.0 * i - j);
                        }
                    }
                }
                int main(void)
                {
                    int steps, s, i, j, bad = 0;
                    for (steps = 0; steps <= 7; steps++) {
                        for (s = 1; s <= 5; s++) {
                            double u1[N][M], v1[N][M], ub1[N][M], vb1[N][M];
                            double u2[N][M], v2[N][M], ub2[N][M], vb2[N][M];
                            double scale = 0, diff = 0;
                            int snaps = s <= 4 ? s : steps + 1;
                            fill(u1, v1, ub1, vb1);
                            fill(u2, v2, ub2, vb2);
                            taped_b(N, M, steps, 0.15, u1, ub1, v1, vb1);
                            f_b(N, M, steps, 0.15, u2, ub2, v2, vb2, snaps);
                            for (i = 0; i < N; i++) {
                                for (j = 0; j < M; j++) {
                                    scale = fmax(scale, fmax(fabs(ub1[i][j]), fabs(vb1[i][j])));
                                    diff = fmax(diff, fmax(fabs(ub1[i][j] - ub2[i][j]), fabs(vb1[i][j] - vb2[i][j])));
                                }
                            }
                            if (diff > 1e-13 * scale) {
                                printf("steps=%d snaps=%d: %g of %g\\n", steps, snaps, diff, scale);
                                bad++;
                            }
                        }
                    }
                    printf("differ %d\\n", bad);
                    return bad != 0;
                }
                """);
        Path exe = Gcc.build(dir, "agree", List.of(main), "-O1");
        for (String threads : new String[] {"1", "2", "4"}) {
            Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", threads, "PARADJOINT_TAPE_BUDGET", "1G"), 60);
            assertEquals("differ 0", r.output().strip(), threads + " threads: " + r.output() + "\n" + ck);
        }
    }

    private static org.paradjoint.core.ir.Function reverse(String src, String fn) {
        TranslationUnit u = TinyC.parse(fn + ".c", src);
        return Kernels.differentiate(u, fn, Mode.REVERSE, DiffOptions.defaults()).function();
    }
}
