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
 * Arrays that a parallel loop overwrites. Only values from before the loop matter to its
 * adjoint: those the loop itself reads, and those the statements before it (other iterations of
 * an enclosing loop included) need. Such arrays are saved whole before the loop when their
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
    void nonlinearInPlaceUpdateOfADeclaredArray() {
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
        // saved whole before the loop, restored before its adjoint; each adjoint iteration redoes its writes
        assertTrue(out[1].contains("pa_push_d(pa_t, y[pa_s0]);"), out[1]);
        assertTrue(out[1].contains("y[pa_s0] = pa_pop_d(pa_t);"), out[1]);
        assertTrue(out[1].contains("pa_push_d(pa_tl, y[i]);"), out[1]);
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
        assertTrue(out[1].contains("pa_push_d(pa_t, u[pa_s0]);"), out[1]);
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
                        y[i] = y[i] * y[i] + x[i];
                    }
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
                        y[i] = y[i] * y[i] + x[i];
                    }
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
