package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;

/**
 * Every restriction of the transformation is an error diagnostic with a stable code, located at
 * the offending construct (the line marked {@code // ERR} in each program) and naming it; no code
 * is produced.
 */
class DiagnosticsTest {

    static Stream<Arguments> restrictions() {
        return Stream.of(
                error("stencil-read-and-written", "u[i - 1]", """
                        void f(int n, double *u, const double *v)
                        {
                            int i;
                        #pragma ad stencil adjoint(u:ub, v:vb)
                            for (i = 1; i < n; i++)
                                u[i] = u[i - 1] + v[i]; // ERR
                        }
                        """),
                error("stencil-offset", "2 * i", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 0; i < n; i++)
                                r[i] = u[2 * i] + u[i]; // ERR
                        }
                        """),
                error("stencil-offset", "i + m", """
                        void f(int n, int m, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 0; i < n; i++)
                                r[i] = u[i + m]; // ERR
                        }
                        """),
                error("stencil-not-perfect", "perfect", """
                        void f(int n, double r[n][n], const double u[n][n], double *s)
                        {
                            int i, j;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n - 1; i++) {
                                s[i] = 0.0;
                                for (j = 1; j < n - 1; j++) // ERR
                                    r[i][j] = u[i][j - 1];
                            }
                        }
                        """),
                error("stencil-not-perfect", "conditional expression", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++) {
                                if (u[i] > 0.0) // ERR
                                    r[i] = u[i - 1];
                            }
                        }
                        """),
                error("stencil-nonaffine-bound", "n * n", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n * n; i++) // ERR
                                r[i] = u[i - 1];
                        }
                        """),
                error("stencil-nonaffine-bound", "counter 'i'", """
                        void f(int n, double r[n][n], const double u[n][n])
                        {
                            int i, j;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++)
                                for (j = 0; j < i; j++) // ERR
                                    r[i][j] = u[i - 1][j];
                        }
                        """),
                error("stencil-output-index", "r[i + 1]", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n - 1; i++)
                                r[i + 1] = u[i]; // ERR
                        }
                        """),
                error("stencil-output-index", "r[i]", """
                        void f(int n, double *r, const double u[n][n])
                        {
                            int i, j;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n - 1; i++)
                                for (j = 0; j < n; j++)
                                    r[i] = u[i][j]; // ERR
                        }
                        """),
                error("stencil-index-order", "u[j][i]", """
                        void f(int n, double r[n][n], const double u[n][n])
                        {
                            int i, j;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 0; i < n; i++)
                                for (j = 0; j < n; j++)
                                    r[i][j] = u[i][j] * u[j][i]; // ERR
                        }
                        """),
                error("stencil-index-order", "u[0][j]", """
                        void f(int n, double r[n][n], const double u[n][n])
                        {
                            int i, j;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 0; i < n; i++)
                                for (j = 0; j < n; j++)
                                    r[i][j] = 2.0 * u[0][j]; // ERR
                        }
                        """),
                error("stencil-loop-step", "step 2", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i += 2) // ERR
                                r[i] = u[i - 1];
                        }
                        """),
                error("stencil-mixed-code", "mixing stencil loops with other differentiated code", """
                        void f(int n, double *r, const double *u, double *w)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++)
                                r[i] = u[i - 1];
                            w[0] = r[1] * r[1]; // ERR
                        }
                        """),
                error("stencil-mapping", "already used", """
                        void f(int n, double *r, const double *u, const double *ub)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub) // ERR
                            for (i = 1; i < n; i++)
                                r[i] = ub[i] * u[i - 1];
                        }
                        """),
                error("stencil-carried-scalar", "'s'", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                            double s;
                            s = 0.0;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++) {
                                r[i] = s * u[i]; // ERR
                                s = u[i - 1];
                            }
                        }
                        """),
                error("stencil-callee", "'g'", """
                        static double g(double a)
                        {
                            if (a > 0.0) // ERR
                                return a;
                            return -a;
                        }
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++)
                                r[i] = g(u[i - 1]);
                        }
                        """),
                error("stencil-unmapped-active", "'w'", """
                        void f(int n, double *r, double *w, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++) {
                                r[i] = u[i - 1];
                                w[i] = u[i] * u[i]; // ERR
                            }
                        }
                        """),
                error("stencil-openmp", "reduction", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                            double s;
                            s = 0.0;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                        #pragma omp parallel for reduction(+: s) // ERR
                            for (i = 1; i < n; i++)
                                r[i] = u[i - 1];
                        }
                        """),
                error("stencil-output-twice", "'r'", """
                        void f(int n, double *r, const double *u)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, u:ub)
                            for (i = 1; i < n; i++) {
                                r[i] = u[i - 1];
                                r[i] += u[i]; // ERR
                            }
                        }
                        """),
                error("stencil-not-varied", "'r'", """
                        void f(int n, double *r, double *q, const double *u, const double *c)
                        {
                            int i;
                        #pragma ad stencil adjoint(r:rb, q:qb, u:ub)
                            for (i = 1; i < n; i++) {
                                r[i] = 2.0 * c[i]; // ERR
                                q[i] = u[i];
                            }
                        }
                        """));
    }

    private static Arguments error(String code, String mentioned, String source) {
        return Arguments.of(code, mentioned, source);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("restrictions")
    void restrictionIsALocatedError(String code, String mentioned, String source) {
        DiffResult r = StencilDifferentiator.differentiate(Variants.parse("t.c", source), "f",
                StencilOptions.defaults());
        assertNull(r.function(), "no code is produced");
        List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertTrue(!errors.isEmpty(), "an error is reported");
        Diagnostic d = errors.get(0);
        assertEquals(code, d.code(), d::format);
        assertTrue(d.message().contains(mentioned), () -> "the message names '" + mentioned + "': " + d.format());
        assertEquals(markedLine(source), d.range().line(), () -> "located at the marked line: " + d.format());
        assertTrue(d.range().column() > 0, d::format);
    }

    private static int markedLine(String source) {
        List<String> lines = source.lines().toList();
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).contains("// ERR")) {
                return k + 1;
            }
        }
        throw new IllegalArgumentException("no // ERR line");
    }

    @org.junit.jupiter.api.Test
    void functionWithoutPragmaIsAnError() {
        DiffResult r = StencilDifferentiator.differentiate(Variants.parse("t.c", """
                void f(int n, double *r, const double *u)
                {
                    int i;
                    for (i = 1; i < n; i++)
                        r[i] = u[i - 1];
                }
                """), "f", StencilOptions.defaults());
        assertNull(r.function());
        assertEquals("stencil-no-pragma", r.diagnostics().get(0).code());
        assertNotNull(r.diagnostics().get(0).range());
    }
}
