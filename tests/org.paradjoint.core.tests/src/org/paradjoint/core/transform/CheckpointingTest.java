package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.DerivativeCheck;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Checkpointed time loops ({@code ad checkpoint(binomial[, S])}): a nonlinear explicit step
 * (Burgers-like diffusion of squares, inner loops {@code omp parallel for}) whose adjoint keeps S
 * snapshots. Each adjoint is compiled with -Wall -Wextra -Werror -fopenmp and passes the
 * dot-product and finite-difference tests at 1 and 2 threads, for fixed and random numbers of
 * steps and snapshots; it equals the taped adjoint (no annotation) to rounding.
 */
@Execution(ExecutionMode.CONCURRENT)
class CheckpointingTest {

    /** The kernel with {@code SNAPSHOTS} in the annotation's place ({@code , 3}, or empty). */
    private static final String BURGERS = """
            void burgers(int n, int nt, double dt, double u[n], double w[n])
            {
                int t, i;
            #pragma ad gradient(u, w : u, w)
            PRAGMA
                for (t = 0; t < nt; t++) {
            #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        w[i] = u[i] + dt * (u[i - 1] * u[i - 1] - 2.0 * u[i] * u[i] + u[i + 1] * u[i + 1]);
            #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        u[i] = w[i];
                }
            }
            """;

    private static String burgers(String pragma) {
        return BURGERS.replace("PRAGMA", pragma);
    }

    private static String[] check(String pragma, int steps) {
        return Kernels.check(burgers(pragma), "burgers", c -> c.set("n", "12").set("nt", Integer.toString(steps))
                .set("dt", "0.05").size("u", "n").size("w", "n"));
    }

    @Test
    void burgersWithThreeSnapshotsPassesTheDerivativeChecks() {
        String b = check("#pragma ad checkpoint(binomial, 3)", 9)[1];
        assertTrue(b.contains("pa_ck_init(pa_ck, pa_steps, 3);"), b);
        assertTrue(b.contains("pa_ck_put_da(pa_ck, u, n);"), b);
        assertTrue(b.contains("pa_ck_get_da(pa_ck, u, n);"), b);
        assertTrue(b.contains("#pragma omp parallel for"), b);
        assertTrue(b.contains("pa_tape_free(pa_ck);"), b);
    }

    @Test
    void theDefaultNumberOfSnapshotsIsChosenAtRunTime() {
        String b = check("#pragma ad checkpoint(binomial)", 6)[1];
        assertTrue(b.contains("pa_ck_init(pa_ck, pa_steps, pa_ck_default(pa_steps));"), b);
    }

    @Test
    void randomStepsAndSnapshotsPassTheDerivativeChecks() {
        Random random = new Random(20261127L);
        for (int k = 0; k < 5; k++) {
            int steps = random.nextInt(16);
            int snaps = 1 + random.nextInt(6);
            check("#pragma ad checkpoint(binomial, " + snaps + ")", steps);
        }
    }

    @Test
    void aNumberOfSnapshotsGivenByAParameterReachesTheRuntime() {
        String src = burgers("#pragma ad checkpoint(binomial, snaps)").replace("double w[n])",
                "double w[n], int snaps)");
        DiffResult r = Kernels.differentiate(TinyC.parse("b.c", src), "burgers", Mode.REVERSE,
                DiffOptions.defaults());
        String b = CPrinter.printFile(List.of(r.function()));
        assertTrue(b.contains("pa_ck_init(pa_ck, pa_steps, snaps);"), b);
        Gcc.assertCompiles("b.c", b);
    }

    /**
     * The checkpointed adjoint and the taped one (the same kernel without the annotation, renamed)
     * in one program, on the same inputs: every adjoint agrees to 1e-13 relative, for several
     * numbers of steps and snapshots, at 1 and 2 threads.
     */
    @Test
    void checkpointedAndTapedAdjointsAgree() {
        String taped = CPrinter.printFile(List.of(reverse(burgers("").replace("burgers", "taped"), "taped")));
        String ck = CPrinter.printFile(List.of(reverse(burgers("#pragma ad checkpoint(binomial, snaps)")
                .replace("double w[n])", "double w[n], int snaps)"), "burgers")));
        Path dir = ScratchDir.deletedAtExit("pa-ck");
        ScratchDir.write(dir, "taped_b.c", taped);
        ScratchDir.write(dir, "burgers_b.c", ck);
        Path main = ScratchDir.write(dir, "main.c", """
                #include <math.h>
                #include <stdio.h>
                #include "taped_b.c"
                #include "burgers_b.c"
                int main(void)
                {
                    enum { N = 20 };
                    int nt, s, k, bad = 0;
                    for (nt = 0; nt <= 25; nt += 5) {
                        for (s = 1; s <= 4; s++) {
                            double u1[N], w1[N], u2[N], w2[N], ub1[N], wb1[N], ub2[N], wb2[N], scale = 0, diff = 0;
                            for (k = 0; k < N; k++) {
                                u1[k] = u2[k] = 0.5 + 0.3 * sin(k);
                                w1[k] = w2[k] = 0.1 * cos(k);
                                ub1[k] = ub2[k] = cos(3.0 * k);
                                wb1[k] = wb2[k] = sin(2.0 * k);
                            }
                            taped_b(N, nt, 0.05, u1, ub1, w1, wb1);
                            burgers_b(N, nt, 0.05, u2, ub2, w2, wb2, s);
                            for (k = 0; k < N; k++) {
                                scale = fmax(scale, fmax(fabs(ub1[k]), fabs(wb1[k])));
                                diff = fmax(diff, fmax(fabs(ub1[k] - ub2[k]), fabs(wb1[k] - wb2[k])));
                            }
                            if (diff > 1e-13 * scale) {
                                printf("nt=%d s=%d: %g of %g\\n", nt, s, diff, scale);
                                bad++;
                            }
                        }
                    }
                    printf("differ %d\\n", bad);
                    return bad != 0;
                }
                """);
        Path exe = Gcc.build(dir, "agree", List.of(main), "-O1");
        // the unannotated loop is checkpointed by default: all taped, or past the budget from snapshots
        for (String budget : new String[] {"1G", "2K", "1"}) {
            for (String threads : new String[] {"1", "2"}) {
                Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", threads, "PARADJOINT_TAPE_BUDGET", budget),
                        60);
                assertEquals("differ 0", r.output().strip(), budget + ": " + r.output() + "\n" + ck);
            }
        }
    }

    private static org.paradjoint.core.ir.Function reverse(String src, String fn) {
        TranslationUnit u = TinyC.parse(fn + ".c", src);
        return Kernels.differentiate(u, fn, Mode.REVERSE, DiffOptions.defaults()).function();
    }

    @Test
    void aCheckpointedLoopInsideAnotherLoopIsAnError() {
        String src = """
                void f(int n, int m, double x[n])
                {
                    int r, t, i;
                #pragma ad gradient(x : x)
                    for (r = 0; r < m; r++) {
                #pragma ad checkpoint(binomial, 2)
                        for (t = 0; t < m; t++)
                            for (i = 0; i < n; i++)
                                x[i] = x[i] * x[i];
                    }
                }
                """;
        List<Diagnostic> d = reverseDiagnostics(src);
        assertTrue(d.stream().anyMatch(x -> x.code().equals("checkpoint-nested")), d.toString());
    }

    private static List<Diagnostic> reverseDiagnostics(String src) {
        return Differentiator.differentiate(TinyC.parse("f.c", src), "f", Mode.REVERSE, DiffOptions.defaults())
                .diagnostics();
    }

    @Test
    void anOverwrittenArrayWithoutExtentsIsAnError() {
        String src = """
                void f(int n, int m, double *x)
                {
                    int t, i;
                #pragma ad gradient(x : x)
                #pragma ad checkpoint(binomial, 2)
                    for (t = 0; t < m; t++)
                        for (i = 0; i < n; i++)
                            x[i] = x[i] * x[i];
                }
                """;
        List<Diagnostic> d = reverseDiagnostics(src);
        assertTrue(d.stream().anyMatch(x -> x.code().equals("checkpoint-state-extent")
                && x.message().contains("'x'")), d.toString());
    }

    @Test
    void aTimeLoopThatTapesArraysIsCheckpointedByDefaultWithAWarning() {
        DiffResult byDefault = Kernels.differentiate(TinyC.parse("b.c", burgers("")), "burgers", Mode.REVERSE,
                DiffOptions.defaults());
        assertTrue(byDefault.diagnostics().stream().anyMatch(d -> d.code().equals("time-loop-checkpointed")
                && d.message().contains("'t'")), byDefault.diagnostics().toString());
        assertFalse(byDefault.diagnostics().stream().anyMatch(d -> d.code().equals("time-loop-tape")),
                byDefault.diagnostics().toString());
        String b = CPrinter.printFile(List.of(byDefault.function()));
        assertTrue(b.contains("pa_ck_init_auto(pa_ck, pa_t, pa_steps, 8.0 * n + 8.0 * n);"), b);
        assertTrue(b.contains("pa_ck_taped(pa_ck, pa_t);"), b);
        DiffResult ck = Kernels.differentiate(TinyC.parse("b.c", burgers("#pragma ad checkpoint(binomial, 2)")),
                "burgers", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(ck.diagnostics().stream().noneMatch(d -> d.code().startsWith("time-loop-")),
                ck.diagnostics().toString());
        DiffResult fixed = Kernels.differentiate(TinyC.parse("b.c", burgers("").replace("t < nt", "t < 4")),
                "burgers", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(fixed.diagnostics().stream().noneMatch(d -> d.code().startsWith("time-loop-")),
                fixed.diagnostics().toString());
        assertFalse(CPrinter.printFile(List.of(fixed.function())).contains("pa_ck_"));
    }

    /** Where checkpointing cannot take the loop (here: a state array without extents), the loop is taped and warns. */
    @Test
    void aTimeLoopCheckpointingCannotTakeIsTapedWithAWarning() {
        String src = """
                void f(int n, int m, double *x)
                {
                    int t, i;
                #pragma ad gradient(x : x)
                    for (t = 0; t < m; t++)
                        for (i = 0; i < n; i++)
                            x[i] = x[i] * x[i];
                }
                """;
        DiffResult r = Differentiator.differentiate(TinyC.parse("f.c", src), "f", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("time-loop-tape")), r.diagnostics().toString());
        assertFalse(CPrinter.printFile(List.of(r.function())).contains("pa_ck_"));
    }

    /**
     * The loop checkpointed by default passes the dot-product and finite-difference tests at 1, 2
     * and 4 threads with a budget that holds its whole tape, one that holds a few steps, and one
     * that holds none (every step after the first from a snapshot), for random numbers of steps.
     */
    @Test
    void loopsCheckpointedByDefaultPassTheDerivativeChecksWhateverTheBudget() {
        TranslationUnit u = TinyC.parse("burgers.c", burgers(""));
        DiffResult t = Kernels.differentiate(u, "burgers", Mode.TANGENT, DiffOptions.defaults());
        DiffResult b = Kernels.differentiate(u, "burgers", Mode.REVERSE, DiffOptions.defaults());
        String tt = CPrinter.printFile(List.of(t.function()));
        String bt = CPrinter.printFile(List.of(b.function()));
        Random random = new Random(20261127L);
        for (String budget : new String[] {"", "#define PA_TAPE_BUDGET 1000\n", "#define PA_TAPE_BUDGET 1\n"}) {
            int steps = 1 + random.nextInt(12);
            DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function("burgers").orElseThrow(), tt,
                    t.signature(), budget + bt, b.signature());
            dc.set("n", "12").set("nt", Integer.toString(steps)).set("dt", "0.05").size("u", "n").size("w", "n");
            for (int threads : new int[] {1, 2, 4}) {
                DerivativeCheck.Outcome o = dc.run(threads);
                assertTrue(o.dotError() <= 1e-12, () -> budget + "dot-product test: " + o.output());
                assertTrue(o.fdError() <= 1e-6, () -> budget + "finite differences: " + o.output());
            }
        }
    }

    /**
     * A scalar set in every step ({@code s}, the step's scale) is no part of the snapshots; the
     * reversal of the last taped step reads its value of that step, which the schedule's
     * recomputations of the later steps overwrite: it is put on the tape after the taped steps
     * and taken back before their reversal. Budgets of 1 byte and 4 KB (a few steps taped, the rest
     * from snapshots) and one that holds everything, 1, 2 and 4 threads.
     */
    @Test
    void aScalarSetInEveryStepHasItsLastTapedValueWhenTheTapedStepsAreReversed() {
        String src = """
                void scaled(int n, int nt, double v[n])
                {
                    int t, i;
                    double s;
                #pragma ad gradient(v : v)
                    for (t = 0; t < nt; t++) {
                        s = v[0] * v[0] + 1.0;
                #pragma omp parallel for private(i)
                        for (i = 0; i < n; i++)
                            v[i] = v[i] / s;
                    }
                }
                """;
        TranslationUnit u = TinyC.parse("scaled.c", src);
        DiffResult t = Kernels.differentiate(u, "scaled", Mode.TANGENT, DiffOptions.defaults());
        DiffResult b = Kernels.differentiate(u, "scaled", Mode.REVERSE, DiffOptions.defaults());
        String bt = CPrinter.printFile(List.of(b.function()));
        assertTrue(bt.contains("pa_ck_tape_until"), bt);
        for (String budget : new String[] {"", "#define PA_TAPE_BUDGET 4096\n", "#define PA_TAPE_BUDGET 1\n"}) {
            DerivativeCheck dc = new DerivativeCheck(u.functions(), u.function("scaled").orElseThrow(),
                    CPrinter.printFile(List.of(t.function())), t.signature(), budget + bt, b.signature());
            dc.set("n", "100").set("nt", "20").size("v", "n");
            for (int threads : new int[] {1, 2, 4}) {
                DerivativeCheck.Outcome o = dc.run(threads);
                assertTrue(o.dotError() <= 1e-12, () -> budget + "dot-product test: " + o.output() + "\n" + bt);
                assertTrue(o.fdError() <= 1e-6, () -> budget + "finite differences: " + o.output());
            }
        }
    }

    /**
     * The counter of a parallel loop under a branch of the step is set by that loop before any
     * read, whichever way the branch goes: it is no part of the snapshots (copying it, possibly
     * unset, did not compile under -Werror=maybe-uninitialized).
     */
    @Test
    void aLoopCounterUnderABranchIsNoPartOfTheState() {
        String src = """
                void squares(int n, int nt, double a[n])
                {
                    int t, i;
                #pragma ad gradient(a : a)
                #pragma ad checkpoint(binomial, 2)
                    for (t = 0; t < nt; t++) {
                        if (a[0] > 0.0) {
                #pragma omp parallel for private(i)
                            for (i = 1; i < n; i++)
                                a[i] = a[i] * a[i];
                        }
                    }
                }
                """;
        String b = Kernels.check(src, "squares", DiffOptions.defaults(), new int[] {1, 2, 4},
                c -> c.set("n", "20").set("nt", "5").size("a", "n"))[1];
        assertTrue(b.contains("pa_ck_put_da(pa_ck, a, n);") && !b.contains("pa_ck_put_i(pa_ck, i)"), b);
    }
}
