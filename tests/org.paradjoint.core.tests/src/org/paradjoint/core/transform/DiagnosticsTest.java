package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.tests.support.TinyC;

/**
 * Every construct the engine cannot differentiate correctly is a located error diagnostic with
 * a stable code, and no code is produced. The line that must be flagged carries {@code // err}.
 */
class DiagnosticsTest {

    /** Differentiates {@code fn} and returns its only error, checking the flagged line. */
    private static Diagnostic error(Mode mode, String fn, String src, String code) {
        TranslationUnit u = TinyC.parse("k.c", src);
        DiffResult r = Differentiator.differentiate(u, fn, mode, DiffOptions.defaults());
        assertNull(r.function(), () -> "no code expected, got diagnostics " + r.diagnostics());
        List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertEquals(1, errors.size(), () -> "errors: " + errors);
        Diagnostic d = errors.get(0);
        assertEquals(code, d.code(), d::format);
        String[] lines = src.split("\n", -1);
        int flagged = -1;
        for (int k = 0; k < lines.length; k++) {
            if (lines[k].contains("// err")) {
                flagged = k + 1;
            }
        }
        if (flagged > 0) {
            int line = flagged;
            assertTrue(d.range().isKnown(), d::format);
            assertTrue(d.range().line() <= line && line <= d.range().endLine(),
                    () -> "expected line " + line + ": " + d.format());
        }
        assertTrue(d.format().startsWith(d.range().isKnown() ? "k.c:" : ""), d::format);
        return d;
    }

    private static Diagnostic error(String fn, String src, String code) {
        return error(Mode.REVERSE, fn, src, code);
    }

    @Test
    void pragmasThatDisagree() {
        Diagnostic d = error("f", """
                void f(int n, const double *x, const double *z, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++)
                        y[i] = x[i] * z[i];
                #pragma ad gradient(y : z) // err
                    for (i = 0; i < n; i++)
                        y[i] = y[i] * z[i];
                }
                """, "pragma-conflict");
        assertTrue(d.message().contains("(y : z) here, (y : x) at line 4"), d.message());
    }

    @Test
    void unknownVariable() {
        Diagnostic d = error("f", """
                void f(const double *x, double *y)
                {
                #pragma ad gradient(y : q) // err
                    y[0] = x[0];
                }
                """, "unknown-variable");
        assertTrue(d.message().contains("'q'"), d.message());
    }

    @Test
    void localIsNotAParameter() {
        error("f", """
                void f(const double *x, double *y)
                {
                    double t;
                #pragma ad gradient(y : t) // err
                    t = x[0];
                    y[0] = t;
                }
                """, "not-a-parameter");
    }

    @Test
    void integerIndependent() {
        Diagnostic d = error("f", """
                void f(int n, const double *x, double *y)
                {
                #pragma ad gradient(y : n) // err
                    y[0] = x[0] * n;
                }
                """, "independent-not-floating");
        assertTrue(d.message().contains("'n'") && d.message().contains("int"), d.message());
    }

    @Test
    void dependentPassedByValue() {
        error("f", """
                void f(double y, const double *x)
                {
                #pragma ad gradient(y : x) // err
                    y = x[0];
                }
                """, "dependent-not-writable");
    }

    @Test
    void constDependent() {
        error("f", """
                void f(const double *y, const double *x, double *z)
                {
                #pragma ad gradient(y : x) // err
                    z[0] = x[0] + y[0];
                }
                """, "dependent-not-writable");
    }

    @Test
    void dependentThatDoesNotDependOnIndependents() {
        Diagnostic d = error("f", """
                void f(const double *x, const double *w, double *y)
                {
                #pragma ad gradient(y : x) // err
                    y[0] = 2.0 * w[0];
                }
                """, "dependent-not-varied");
        assertTrue(d.message().contains("'y'"), d.message());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void unknownFunction(Mode mode) {
        Diagnostic d = error(mode, "f", """
                void f(const double *x, double *y)
                {
                #pragma ad gradient(y : x)
                    y[0] = g(x[0]) * 2.0; // err
                }
                """, "unknown-function");
        assertTrue(d.message().startsWith("call to unknown function 'g': define it in this file"), d.message());
    }

    @Test
    void nonConstantLoopStep() {
        error("f", """
                void f(int n, int s, const double *x, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i += s) // err
                        y[i] = x[i] * x[i];
                }
                """, "loop-step-not-constant");
    }

    /** A sequential loop records its trip count; one inside a parallel loop is recomputed per iteration. */
    @Test
    void loopBoundModifiedInBodyOfALoopInAParallelLoop() {
        Diagnostic d = error("f", """
                void f(int n, const double *x, double *y)
                {
                    int i, j, m;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(j, m)
                    for (i = 0; i < n; i++) {
                        m = n;
                        for (j = 0; j < m; j++) { // err
                            y[i] = y[i] + x[i] * x[j];
                            m = m - 1;
                        }
                    }
                }
                """, "loop-bound-modified");
        assertTrue(d.message().contains("'m'"), d.message());
    }

    @Test
    void recursion() {
        Diagnostic d = error("f", """
                static double g(double v, int k)
                {
                    if (k <= 0)
                        return v;
                    return g(v * v, k - 1); // err
                }

                void f(const double *x, double *y)
                {
                #pragma ad gradient(y : x)
                    y[0] = g(x[0], 3);
                }
                """, "recursion");
        assertTrue(d.message().contains("'g'"), d.message());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void unsupportedReductionOperator(Mode mode) {
        error(mode, "f", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double p;
                #pragma ad gradient(y : x)
                    p = 1.0;
                #pragma omp parallel for private(i) reduction(*: p) // err
                    for (i = 0; i < n; i++)
                        p = p * x[i] + 1.0;
                    y[0] = p;
                }
                """, "unsupported-reduction");
    }

    @Test
    void inPlaceNonlinearUpdateInParallelLoop() {
        Diagnostic d = error("f", """
                void f(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[2 * i] = y[2 * i] * y[2 * i] + x[i]; // err
                        y[2 * i + 1] = x[i];
                    }
                    y[0] = y[0] + y[1];
                }
                """, "parallel-inplace-needed");
        assertTrue(d.message().contains("separate array") && d.message().contains("sequential"), d.message());
    }

    @Test
    void sharedScalarWrittenInParallelLoop() {
        error("f", """
                void f(int n, double *y, const double *x)
                {
                    int i;
                    double t;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        t = x[i]; // err
                        y[i] = t;
                    }
                }
                """, "omp-shared-scalar-write");
    }

    @Test
    void nestedParallelLoops() {
        error("f", """
                void f(int n, double *y, const double *x)
                {
                    int i, j;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++) {
                #pragma omp parallel for private(j)
                        for (j = 0; j < n; j++) { // err
                            y[i * n + j] = x[i];
                        }
                    }
                }
                """, "nested-parallel");
    }

    /** A firstprivate copy that carries from one iteration to the next: the adjoint saw p0 + 1 everywhere. */
    @Test
    void firstprivateCarriedBetweenIterations() {
        Diagnostic d = error("f", """
                void f(int n, int p, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i) firstprivate(p)
                    for (i = 0; i < n; i++) {
                        p = p + 1; // err
                        y[i] = x[i + p] * x[i + p];
                    }
                }
                """, "firstprivate-carry");
        assertTrue(d.message().contains("firstprivate 'p' carries its value"), d.message());
    }

    @Test
    void firstprivateCarriedByAConditionalIncrement() {
        error("f", """
                void f(int n, int p, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i) firstprivate(p)
                    for (i = 0; i < n; i++) {
                        if (i % 2 == 0)
                            p += 1; // err
                        y[i] = x[i + p] * x[i + p];
                    }
                }
                """, "firstprivate-carry");
    }

    /** Written before it is read in every iteration: nothing carries, the adjoint is generated. */
    @Test
    void firstprivateRedefinedInEveryIterationIsAccepted() {
        TranslationUnit u = TinyC.parse("k.c", """
                void f(int n, int p, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i) firstprivate(p)
                    for (i = 0; i < n; i++) {
                        p = i + 1;
                        y[i] = x[p] * x[p];
                    }
                }
                """);
        DiffResult r = Differentiator.differentiate(u, "f", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(r.diagnostics().stream().noneMatch(Diagnostic::isError), () -> "diagnostics " + r.diagnostics());
        assertTrue(r.function() != null, "an adjoint");
    }

    @Test
    void noPragmaAndNoVariables() {
        error("f", """
                void f(const double *x, double *y)
                {
                    y[0] = x[0];
                }
                """, "no-ad-pragma");
    }

    @Test
    void returnValue() {
        error("f", """
                double f(const double *x)
                {
                #pragma ad gradient(x : x)
                    return x[0];
                }
                """, "unsupported-return-value");
    }

    @Test
    void callInLoopBound() {
        error("f", """
                static int len(int n)
                {
                    return n - 1;
                }

                void f(int n, const double *x, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                    for (i = 0; i < len(n); i++) // err
                        y[i] = x[i];
                }
                """, "unsupported-call-position");
    }

    @Test
    void overwrittenIndependentThatIsNotADependent() {
        error("f", """
                void f(int n, double *x, double *y)
                {
                #pragma ad gradient(y : x) // err
                    x[0] = x[0] * 2.0;
                    y[0] = x[0] * x[1];
                }
                """, "independent-overwritten");
    }

    @Test
    void optionsOverridePragmasAndNameVariables() {
        TranslationUnit u = TinyC.parse("k.c", """
                void f(const double *x, double *y)
                {
                    y[0] = x[0] * x[0];
                }
                """);
        DiffResult r = Differentiator.differentiate(u, "f", Mode.REVERSE,
                DiffOptions.defaults().withVariables(List.of("y"), List.of("x")));
        assertTrue(!r.hasErrors(), r.diagnostics()::toString);
        assertEquals("f_b", r.function().name());
        DiffResult missing = Differentiator.differentiate(u, "g", Mode.REVERSE, DiffOptions.defaults());
        assertEquals("no-such-function", missing.diagnostics().get(0).code());
    }
}
