package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * Generated code compiles with {@code -Wall -Wextra -Werror -fopenmp} even where the user's own
 * does not: a local the primal sets and never reads is not copied into {@code f_d} (it would be
 * set but unused there too), and the adjoint keeps neither a forward loop whose results the
 * reverse sweep does not read nor the adjoint of a private scalar that nothing needs.
 */
class WarningFreeOutputTest {

    private static final String SET_BUT_UNUSED = """
            #include <math.h>
            void f(int n, double *y, const double *x)
            {
                int i;
                double u;
            #pragma ad gradient(y : x)
                for (i = 0; i < n; i++) {
                    u = x[i] * 2.0;
                    y[i] = x[i] * x[i];
                }
            }
            """;

    /** {@code u} is private and its value would even have a derivative ({@code t} is active). */
    private static final String PRIVATE_SET_BUT_UNUSED = """
            #include <math.h>
            void f(int n, double *y, const double *x)
            {
                int i;
                double t, u;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(t, u)
                for (i = 0; i < n; i++) {
                    t = sin(x[i]);
                    u = t * t;
                    y[i] = 3.0 * t;
                }
            }
            """;

    /** The first loop computes only {@code z}, which the adjoint of {@code y} never reads. */
    private static final String UNNEEDED_LOOP = """
            #include <math.h>
            void f(int n, double *y, double *z, const double *x)
            {
                int i;
                double t;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(t)
                for (i = 0; i < n; i++) {
                    t = x[i] * 3.0;
                    z[i] = t * t;
                }
            #pragma omp parallel for private(t)
                for (i = 0; i < n; i++) {
                    t = cos(x[i]);
                    y[i] = t * x[i];
                }
            }
            """;

    @Test
    void aLocalSetButNeverReadIsNotCopiedIntoTheTangent() {
        String[] out = both(SET_BUT_UNUSED);
        assertFalse(mentions(out[0], "u"), out[0]);
        assertTrue(out[0].contains("y[i] = x[i] * x[i];"), out[0]);
    }

    @Test
    void aPrivateLocalSetButNeverReadLeavesNoCopyAndNoDerivative() {
        String[] out = both(PRIVATE_SET_BUT_UNUSED);
        for (String name : List.of("u", "ud")) {
            assertFalse(mentions(out[0], name), name + " in\n" + out[0]);
        }
        assertTrue(out[0].contains("private(t, td)"), out[0]);
        assertFalse(mentions(out[1], "u") || mentions(out[1], "ub"), out[1]);
    }

    @Test
    void theAdjointDropsALoopWhoseResultsItDoesNotReadWithItsPrivateScalar() {
        String[] out = both(UNNEEDED_LOOP);
        assertFalse(out[1].contains("z[i] ="), out[1]);
        assertFalse(out[1].contains("x[i] * 3.0"), out[1]);
        assertTrue(count(out[1], "#pragma omp parallel for") == 1, out[1]);
        // the tangent delivers the primal's outputs: z stays
        assertTrue(out[0].contains("z[i] = t * t;"), out[0]);
    }

    /** Tangent and adjoint of {@code f}, each compiled warning-free on its own. */
    private static String[] both(String src) {
        TranslationUnit u = TinyC.parse("f.c", src);
        String tangent = CPrinter.printFile(List.of(
                Kernels.differentiate(u, "f", Mode.TANGENT, DiffOptions.defaults()).function()));
        String adjoint = CPrinter.printFile(List.of(
                Kernels.differentiate(u, "f", Mode.REVERSE, DiffOptions.defaults()).function()));
        Gcc.assertCompiles("f_d.c", tangent);
        Gcc.assertCompiles("f_b.c", adjoint);
        return new String[] {tangent, adjoint};
    }

    private static boolean mentions(String text, String name) {
        return Pattern.compile("\\b" + name + "\\b").matcher(text).find();
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }
}
