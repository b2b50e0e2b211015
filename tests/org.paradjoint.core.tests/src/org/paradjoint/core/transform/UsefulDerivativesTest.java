package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.analysis.Usefulness;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * Derivatives that never reach a dependent are not computed: a variable read only in a
 * condition, or feeding only a local that no dependent uses, gets no derivative in either mode,
 * so gcc -Werror never sees a derivative that is set but not used.
 */
class UsefulDerivativesTest {

    @Test
    void localReadOnlyInAConditionHasNoDerivative() {
        String[] out = Kernels.check("""
                void f(double *y, const double *x, double s)
                {
                    double t0;
                #pragma ad gradient(y : x, s)
                    t0 = x[0];
                    if (t0 > 1.0) {
                        y[0] = s;
                    }
                }
                """, "f", c -> c.size("x", "1").size("y", "1").fill("x", "k + 2.0"));
        assertFalse(mentions(out[0], "t0d"), out[0]);
        assertFalse(mentions(out[1], "t0b"), out[1]);
        assertTrue(out[1].contains("sb[0] += yb[0];"), out[1]);
    }

    @Test
    void chainThatEndsInAConditionOrAnUnusedLocal() {
        String[] out = Kernels.check("""
                #include <math.h>
                void f(int n, const double *x, double *y, double *z)
                {
                    int i;
                    double a, b, c;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++) {
                        a = sin(x[i]);
                        b = a * a;
                        z[i] = b + exp(x[i]);
                        c = x[i] * 2.0;
                        if (b < 0.5) {
                            y[i] = c * x[i];
                        } else {
                            y[i] = c;
                        }
                    }
                }
                """, "f", c -> c.set("n", "7").size("x", "n").size("y", "n").size("z", "n"));
        // z is varied but no dependent depends on it: a work array without derivative parameter
        for (String name : List.of("ad", "bd", "zd")) {
            assertFalse(mentions(out[0], name), name + " in\n" + out[0]);
        }
        for (String name : List.of("ab", "bb", "zb")) {
            assertFalse(mentions(out[1], name), name + " in\n" + out[1]);
        }
        assertTrue(mentions(out[0], "cd") && mentions(out[1], "cb"), out[0] + out[1]);
    }

    @Test
    void usefulnessFollowsDifferentiablePositionsOnly() {
        Function f = TinyC.parseFunction("""
                void f(int n, const double *x, double *y)
                {
                    double a, b, c;
                    int k;
                    a = x[0];
                    b = x[1];
                    c = x[2];
                    k = (int) b;
                    y[0] = (a > 0.0 ? c : 1.0) + y[k];
                }
                """);
        Variable x = f.lookup("x").orElseThrow();
        Variable y = f.lookup("y").orElseThrow();
        Activity act = Activity.compute(f.body(), List.of(x));
        var useful = Usefulness.compute(f.body(), List.of(y), act::isVaried);
        assertTrue(useful.contains(f.lookup("c").orElseThrow()));
        assertTrue(useful.contains(x));
        assertFalse(useful.contains(f.lookup("a").orElseThrow()), useful::toString);
        assertFalse(useful.contains(f.lookup("b").orElseThrow()), useful::toString);
    }

    @Test
    void parallelLoopPrivateUsedOnlyInABranchCondition() {
        String[] out = Kernels.check("""
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double t;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i, t)
                    for (i = 0; i < n; i++) {
                        t = x[i] * x[i];
                        if (t > 0.25) {
                            y[i] = 3.0 * x[i];
                        } else {
                            y[i] = x[i] * x[i] * x[i];
                        }
                    }
                }
                """, "f", c -> c.set("n", "9").size("x", "n").size("y", "n"));
        assertFalse(mentions(out[0], "td"), out[0]);
        assertFalse(mentions(out[1], "tb"), out[1]);
    }

    private static boolean mentions(String text, String name) {
        return Pattern.compile("\\b" + name + "\\b").matcher(text).find();
    }
}
