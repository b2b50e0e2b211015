package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * Arrays that a parallel loop overwrites. A loop whose results nothing after it reads does not
 * run in the forward sweep: its adjoint iterations find the values from before the loop in
 * place, and replay (with an iteration-local record) only the writes they read back. A loop that
 * does run forward saves before it what its adjoint or the statements before it need from before
 * the loop: the elements it writes when each iteration writes one, else the whole array when the
 * extents are declared; otherwise the error {@code parallel-inplace-needed} says how to declare
 * them. Arrays needed only after the loop need nothing.
 */
@Execution(ExecutionMode.CONCURRENT)
class ParallelInPlaceTest {

    @Test
    void neededOnlyAfterTheLoopNeedsNoSave() {
        String[] out = Kernels.check("""
                #include <math.h>
                void f(int n, double *z, const double *x, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        z[i] = sin(x[i]);
                    }
                    for (i = 0; i < n; i++) {
                        y[i] = z[i] * z[i];
                    }
                }
                """, "f", c -> c.set("n", "11").size("z", "n").size("x", "n").size("y", "n"));
        assertFalse(out[1].contains("pa_s0"), out[1]);
    }

    @Test
    void pointwiseInPlaceUpdateOfAPointerRecordsNothing() {
        String[] out = Kernels.check("""
                void f(int n, double *x)
                {
                    int i;
                #pragma ad gradient(x : x)
                #pragma omp parallel for
                    for (i = 0; i < n; i++)
                        x[i] = x[i] * x[i];
                }
                """, "f", c -> c.set("n", "17").size("x", "n"));
        // no forward run of the loop, no save of x, no tape: the iteration reads x[i] before writing it
        assertFalse(out[1].contains("pa_push") || out[1].contains("pa_tape pa_"), out[1]);
        assertEquals(1, out[1].split("#pragma omp parallel for", -1).length - 1, out[1]);
    }

    @Test
    void readBeforeAnyWriteOfTheIterationRecordsNothing() {
        String[] out = Kernels.check("""
                void f(int n, int m, double alpha, double beta, double C[n][m], const double A[n][m],
                       const double B[m][m])
                {
                    int i, j, k;
                #pragma ad gradient(C : alpha, beta, A, B, C)
                #pragma omp parallel for private(j, k)
                    for (i = 0; i < n; i++) {
                        for (j = 0; j < m; j++)
                            C[i][j] *= beta;
                        for (k = 0; k < m; k++)
                            for (j = 0; j < m; j++)
                                C[i][j] += alpha * A[i][k] * B[k][j];
                    }
                }
                """, "f", c -> c.set("n", "5").set("m", "4").size("C", "n * m").size("A", "n * m")
                .size("B", "m * m"));
        assertFalse(out[1].contains("pa_push") || out[1].contains("pa_tape pa_"), out[1]);
        // the adjoints of alpha and beta sum per thread, combined once
        assertTrue(out[1].contains("reduction(+: pa_alphab, pa_betab)"), out[1]);
        assertFalse(out[1].contains("atomic\n                alphab"), out[1]);
        assertTrue(out[1].contains("alphab[0] += pa_alphab;"), out[1]);
    }

    @Test
    void writeReadBackInTheIterationIsReplayed() {
        String[] out = Kernels.check("""
                void f(int n, double y[n], const double x[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[i] = y[i] * y[i] + x[i];
                        y[i] = y[i] * x[i];
                    }
                }
                """, "f", c -> c.set("n", "13").size("y", "n").size("x", "n"));
        // the loop does not run forward (nothing reads y after it); each adjoint iteration redoes its
        // writes, keeping the old values in locals (each write runs once per iteration): no tape
        assertFalse(out[1].contains("pa_s0") || out[1].contains("pa_tape pa_"), out[1]);
        assertTrue(out[1].contains("double pa_r = 0.0;") && out[1].contains("pa_r = y[i];")
                && out[1].contains("y[i] = pa_r;"), out[1]);
    }

    @Test
    void writeReadBackInALaterInnerIterationIsReplayed() {
        String[] out = Kernels.check("""
                void f(int n, int m, double y[n][m], const double x[n][m])
                {
                    int i, j, k;
                #pragma ad gradient(y : x, y)
                #pragma omp parallel for private(j, k)
                    for (i = 0; i < n; i++)
                        for (k = 0; k < 3; k++)
                            for (j = 0; j < m; j++)
                                y[i][j] = y[i][j] * x[i][j];
                }
                """, "f", c -> c.set("n", "4").set("m", "5").size("y", "n * m").size("x", "n * m"));
        // y[i][j] of the next k reads what this k wrote: replayed
        assertTrue(out[1].contains("pa_push_d(pa_tl, y[i][j]);"), out[1]);
    }

    @Test
    void aRowReadBeforeTheSameIterationOfAnInnerLoopOverwritesItRecordsNothing() {
        String[] out = Kernels.check("""
                void f(int nr, int nq, int np, double A[nr][nq][np], const double C4[np][np],
                       double sum[nr][nq][np])
                {
                    int r, q, p, s;
                #pragma ad gradient(A : A, C4)
                #pragma omp parallel for private(r, q, p, s)
                    for (r = 0; r < nr; r++)
                        for (q = 0; q < nq; q++) {
                            for (p = 0; p < np; p++) {
                                sum[r][q][p] = 0.0;
                                for (s = 0; s < np; s++)
                                    sum[r][q][p] = sum[r][q][p] + A[r][q][s] * C4[s][p];
                            }
                            for (p = 0; p < np; p++)
                                A[r][q][p] = sum[r][q][p];
                        }
                }
                """, "f", c -> c.set("nr", "3").set("nq", "4").set("np", "3").size("A", "nr * nq * np")
                .size("C4", "np * np").size("sum", "nr * nq * np"));
        // row q of A is read (A[r][q][s]) before this q-iteration overwrites it, and other
        // q-iterations overwrite other rows: no replay, no tape (doitgen)
        assertFalse(out[1].contains("pa_push") || out[1].contains("pa_tape pa_") || out[1].contains("pa_r"),
                out[1]);
    }

    @Test
    void aDiagonalThatMovesWithALoopOfTheIterationIsReplayed() {
        String[] out = Kernels.check("""
                void f(int n, double y[n][4], const double x[n][4])
                {
                    int i, m, k;
                #pragma ad gradient(y : x, y)
                #pragma omp parallel for private(m, k)
                    for (i = 0; i < n; i++)
                        for (m = 3; m >= 0; m--) {
                            double t = 0.0;
                            for (k = m + 1; k < 4; k++)
                                t = t + y[i][k] * y[i][k];
                            y[i][m] = t * x[i][m] + y[i][m];
                        }
                }
                """, "f", c -> c.set("n", "5").size("y", "n * 4").size("x", "n * 4"));
        // k starts above m, but m moves: y[i][3], written when m = 3, is read when m = 2
        assertTrue(out[1].contains("pa_push_d(pa_tl, y[i][m]);"), out[1]);
    }

    @Test
    void resultsReadAfterTheLoopSaveTheElementsTheLoopWrites() {
        String[] out = Kernels.check("""
                void f(int n, double *y, const double *x, double *s)
                {
                    int i;
                #pragma ad gradient(y, s : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[i] = y[i] * y[i] + x[i];
                    }
                    s[0] = y[0] * y[n - 1];
                }
                """, "f", c -> c.set("n", "13").size("y", "n").size("x", "n").size("s", "1"));
        // runs forward; y[i], the one element each iteration writes, saved before the loop and
        // restored before its adjoint (no extent needed)
        assertTrue(out[1].contains("pa_push_d(pa_t, y[i]);") && out[1].contains("y[i] = pa_pop_d(pa_t);"), out[1]);
        assertFalse(out[1].contains("pa_s0"), out[1]);
    }

    @Test
    void resultsReadAfterTheLoopSaveTheArrayWholeWhenIterationsWriteSeveralElements() {
        String[] out = Kernels.check("""
                void f(int n, double y[2 * n], const double x[n], double *s)
                {
                    int i;
                #pragma ad gradient(y, s : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[2 * i] = y[2 * i] * y[2 * i] + x[i];
                        y[2 * i + 1] = x[i];
                    }
                    s[0] = y[0] * y[n - 1];
                }
                """, "f", c -> c.set("n", "13").size("y", "2 * n").size("x", "n").size("s", "1"));
        // a block of the tape, filled and emptied by parallel loops (no serial push per element)
        assertTrue(out[1].contains("pa_at = pa_reserve_d(pa_t, 2 * n);"), out[1]);
        assertTrue(out[1].contains("pa_put_d(pa_t, pa_at + pa_s0, y[pa_s0]);"), out[1]);
        assertTrue(out[1].contains("pa_at = pa_release_d(pa_t, 2 * n);"), out[1]);
        assertTrue(out[1].contains("y[pa_s0] = pa_get_d(pa_t, pa_at + pa_s0);"), out[1]);
    }

    @Test
    void neededBeforeTheLoop() {
        Kernels.check("""
                #include <math.h>
                void f(int n, double w[n], const double x[n], double y[n])
                {
                    int i;
                #pragma ad gradient(y, w : x, w)
                    for (i = 0; i < n; i++) {
                        y[i] = w[i] * sin(x[i]);
                    }
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        w[i] = x[i] * x[i];
                    }
                }
                """, "f", c -> c.set("n", "10").size("w", "n").size("x", "n").size("y", "n"));
    }

    @Test
    void timeLoopOverTwoParallelSweepsOfLocalArrays() {
        String[] out = Kernels.check("""
                #include <math.h>
                void f(int nt, const double x[16], double y[16])
                {
                    int t, i;
                    double u[16], v[16];
                #pragma ad gradient(y : x)
                    for (i = 0; i < 16; i++) {
                        u[i] = x[i];
                    }
                    for (t = 0; t < nt; t++) {
                #pragma omp parallel for private(i)
                        for (i = 0; i < 16; i++) {
                            v[i] = sin(u[i]) * u[15 - i];
                        }
                #pragma omp parallel for private(i)
                        for (i = 0; i < 16; i++) {
                            u[i] = 0.5 * v[i] + u[i] * v[i];
                        }
                    }
                    for (i = 0; i < 16; i++) {
                        y[i] = u[i];
                    }
                }
                """, "f", c -> c.set("nt", "3").size("x", "16").size("y", "16"));
        // each sweep writes u[i] (v[i]) once per iteration: those elements are saved, per time step
        assertTrue(out[1].contains("pa_push_d(pa_t, u[i]);") && !out[1].contains("pa_s0"), out[1]);
    }

    @Test
    void indexArrayRewrittenInTheLoop() {
        Kernels.check("""
                void f(int n, int c[n], const double x[n], double y[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        c[i] = n - 1 - c[i];
                        y[i] = x[c[i]] * x[i];
                    }
                }
                """, "f", c -> c.set("n", "12").size("c", "n").fill("c", "k").size("x", "n").size("y", "n"));
    }

    @Test
    void undeclaredExtentIsALocatedError() {
        Diagnostic d = error("""
                void f(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[2 * i] = y[2 * i] * y[2 * i] + x[i];
                        y[2 * i + 1] = x[i];
                    }
                    y[0] = y[1];
                }
                """, 7);
        assertTrue(d.message().contains("extent of 'y'") && d.message().contains("double y[n]"), d.message());
    }

    @Test
    void extentThatTheFunctionModifiesIsALocatedError() {
        Diagnostic d = error("""
                void f(int n, double y[n], const double x[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[2 * i] = y[2 * i] * y[2 * i] + x[i];
                        y[2 * i + 1] = x[i];
                    }
                    y[0] = y[1];
                    n = 0;
                }
                """, 7);
        assertTrue(d.message().contains("'n'"), d.message());
    }

    private static Diagnostic error(String src, int line) {
        DiffResult r = Differentiator.differentiate(TinyC.parse("k.c", src), "f", Mode.REVERSE,
                DiffOptions.defaults());
        assertNull(r.function(), () -> "no code expected: " + r.diagnostics());
        List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertEquals(1, errors.size(), errors::toString);
        Diagnostic d = errors.get(0);
        assertEquals("parallel-inplace-needed", d.code(), d::format);
        assertEquals(line, d.range().line(), d::format);
        return d;
    }
}
