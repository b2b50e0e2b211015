package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/** Increments of the same adjoint element within a block become one statement, where that is exact. */
@Execution(ExecutionMode.CONCURRENT)
class MergedIncrementsTest {

    /** A policy that proves no increment safe but, like the race analysis, vouches for the primal loop. */
    private static final DiffOptions TRUSTING_NOTHING_PROVEN = DiffOptions.defaults()
            .withIncrementPolicy((loop, ref) -> IncrementPolicy.Safety.UNSAFE);

    @Test
    void laterIncrementsMoveUpAcrossOtherElementsButNotAcrossWhatTheyRead() {
        Function f = TinyC.parseFunction("""
                void g(int n, double *xb, double *yb)
                {
                    int i;
                    for (i = 1; i < n - 1; i++) {
                        xb[i] += 2.0 * yb[i];
                        xb[i - 1] += yb[i];
                        xb[i] -= 3.0 * yb[i];
                        yb[i] = 0.0;
                        xb[i] += yb[i];
                        xb[i + 1] = xb[i];
                        xb[i] += yb[i + 1];
                        xb[i - 1] += 4.0;
                    }
                }
                """);
        Variable xb = f.params().get(1);
        String out = CPrinter.print(MergedIncrements.apply(f, Set.of(xb)));
        // the third joins the first (xb[i - 1] is another element); the fifth cannot pass the reset
        // of yb[i] it reads; the seventh cannot pass a statement that reads xb[i]; the last passes
        // everything (only other elements of xb in between) and joins the second
        assertTrue(out.contains("xb[i] += 2.0 * yb[i] - 3.0 * yb[i];"), out);
        assertTrue(out.contains("yb[i] = 0.0;\n        xb[i] += yb[i];"), out);
        assertTrue(out.contains("xb[i + 1] = xb[i];\n        xb[i] += yb[i + 1];"), out);
        assertTrue(out.contains("xb[i - 1] += yb[i] + 4.0;"), out);
        assertEquals(1, out.split("xb\\[i - 1\\] \\+=", -1).length - 1, out);
    }

    @Test
    void aStencilAdjointPaysOneUpdatePerElement() {
        String[] out = Kernels.check("""
                void f(int n, double *y, const double *x, double a, double b, double c)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for
                    for (i = 1; i < n - 1; i++) {
                        y[i] = a * x[i - 1] + b * x[i] + c * x[i + 1];
                        y[i] = y[i] + x[i] * x[i + 1];
                    }
                }
                """, "f", TRUSTING_NOTHING_PROVEN, ch -> ch.set("n", "23").size("y", "n").size("x", "n"));
        // three elements of xb, each updated once (atomically: the policy proves nothing)
        assertEquals(3, out[1].split("xb\\[i[^\\]]*\\] \\+=", -1).length - 1, out[1]);
        assertEquals(3, out[1].split("#pragma omp atomic", -1).length - 1, out[1]);
    }
}
