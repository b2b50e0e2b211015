package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableFunction;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * Which patterns the generator follows symbolically (and colours once) and which it leaves to the run-time
 * colouring, with the reason it gives: each case is one of the conditions of docs/SEPARABLE.md, "Where the
 * colouring is chosen". (GenerationTimeColoringTest and RandomStencilTest run the fixed colourings.)
 */
class StencilDecisionsTest {

    private static final String AT3 = """
            static double at3(const double *v, int nx, int ny, int nz, int i, int j, int k)
            {
                if (i < 0 || i >= nx || j < 0 || j >= ny || k < 0 || k >= nz)
                    return 0.0;
                return v[(k * ny + j) * nx + i];
            }
            """;

    @Test
    void sevenPointStencilInThreeDimensionsIsFixed() {
        SeparableFunction s = generate(AT3 + """
                void lap_f(int nx, int ny, int nz, const double *x, double *f)
                {
                    double e, d;
                    int i, j, k;
                #pragma ad elemental
                    e = 0.0;
                    for (k = 0; k < nz; k++)
                        for (j = 0; j < ny; j++)
                            for (i = 0; i < nx; i++) {
                                d = 6.0 * at3(x, nx, ny, nz, i, j, k) - at3(x, nx, ny, nz, i - 1, j, k)
                                    - at3(x, nx, ny, nz, i + 1, j, k) - at3(x, nx, ny, nz, i, j - 1, k)
                                    - at3(x, nx, ny, nz, i, j + 1, k) - at3(x, nx, ny, nz, i, j, k - 1)
                                    - at3(x, nx, ny, nz, i, j, k + 1);
                                e = e + d * d;
                            }
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "lap_f");
        assertNull(s.runTimeColoring());
        // seven points in a row: at least seven colours; the periods tried (3 to 6 per dimension) find few more
        assertTrue(s.colors() >= 7 && s.colors() <= 9, () -> s.colors() + " colours");
    }

    @Test
    void twoArraysAreInterleavedColumns() {
        SeparableFunction s = generate("""
                void two_f(int n, const double *x, const double *y, double *f)
                {
                    double e;
                    int i;
                #pragma ad elemental
                    e = 0.0;
                    for (i = 0; i < n - 1; i++)
                        e = e + x[i] * y[i + 1] + x[i + 1];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "two_f");
        assertEquals(3, s.colors(), "x[i], x[i + 1] and y[i + 1] in a row");
    }

    @Test
    void aStepOfTwoIsLeftToRunTime() {
        assertRunTime("""
                void step_f(int n, const double *x, double *f)
                {
                    double e;
                    int i;
                #pragma ad elemental
                    e = 0.0;
                    for (i = 0; i < n - 1; i += 2)
                        e = e + x[i] * x[i + 1];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "step_f", "does not count up by 1");
    }

    @Test
    void aValueCarriedFromTheLastIterationIsLeftToRunTime() {
        // t holds x[i - 1] when the update reads it: the generator does not follow values across iterations
        assertRunTime("""
                void carry_f(int n, const double *x, double *f)
                {
                    double e, t;
                    int i;
                    t = 0.0;
                #pragma ad elemental
                    e = 0.0;
                    for (i = 0; i < n; i++) {
                        e = e + t * x[i];
                        t = x[i];
                    }
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "carry_f", "may carry a reference from an earlier iteration");
    }

    @Test
    void aTransposedReadIsLeftToRunTime() {
        assertRunTime("""
                void tr_f(int n, const double *x, double *f)
                {
                    double e;
                    int i, j;
                #pragma ad elemental
                    e = 0.0;
                    for (j = 0; j < n; j++)
                        for (i = 0; i < n; i++)
                            e = e + x[j * n + i] * x[i * n + j];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "tr_f", "nested differently");
    }

    @Test
    void anIndexNotLinearInTheCountersIsLeftToRunTime() {
        assertRunTime("""
                void sq_f(int n, const double *x, double *f)
                {
                    double e;
                    int i;
                #pragma ad elemental
                    e = 0.0;
                    for (i = 0; i < n; i++)
                        e = e + x[i * i];
                #pragma ad partially_separable(e)
                    *f = e;
                }
                """, "sq_f", "not linear in the loop counters");
    }

    private static SeparableFunction generate(String text, String function) {
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("s.c", text), function,
                SeparableOptions.defaults());
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        SeparableFunction s = r.function(function).orElseThrow();
        // a stencil's gradient either adds to the gradient directly or looks its colours up in the table
        assertEquals(s.colors() > 0 && s.directions() == 0, r.source().text().contains("pa_ps_plan_periodic_colors("));
        assertEquals(s.directions() > 0, r.source().text().contains("_direct("));
        assertEquals(s.colors() == 0, r.source().text().contains("pa_ps_plan_color("));
        return s;
    }

    private static void assertRunTime(String text, String function, String reason) {
        SeparableFunction s = generate(text, function);
        assertEquals(0, s.colors());
        assertTrue(s.runTimeColoring() != null && s.runTimeColoring().contains(reason), s.runTimeColoring());
    }
}
