package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.tests.support.Kernels;

/**
 * Reversed adjoint loops whose iterations are independent increments run upwards
 * ({@link AscendingIncrements}); a loop whose iterations depend on each other (a recurrence's
 * adjoint reads what the next iteration increments) keeps its reversed order. Both pass the
 * derivative checks at 1, 2 and 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class AscendingIncrementsTest {

    /** w += alpha A x: the adjoint's loop over j increments Ab[i][j] and xb[j], one element per j. */
    private static final String PRODUCT = """
            void product(int n, double alpha, const double A[n][n], const double x[n], double w[n])
            {
                int i, j;
            #pragma ad gradient(w : A, x)
            #pragma omp parallel for private(i, j)
                for (i = 0; i < n; i++)
                    for (j = 0; j < n; j++)
                        w[i] = w[i] + alpha * A[i][j] * x[j];
            }
            """;

    /** A prefix recurrence: the adjoint of iteration j reads xb[j], which iteration j + 1 increments. */
    private static final String PREFIX = """
            void prefix(int n, double x[n], const double y[n])
            {
                int j;
            #pragma ad gradient(x : x, y)
                for (j = 1; j < n; j++)
                    x[j] = x[j] + x[j - 1] * y[j];
            }
            """;

    @Test
    void independentIncrementsRunUpwards() {
        String b = Kernels.check(PRODUCT, "product", DiffOptions.defaults(), new int[] {1, 2, 4},
                c -> c.set("n", "9").size("A", "n * n").size("x", "n").size("w", "n"))[1];
        String fn = b.substring(b.indexOf("void product_b("));
        assertFalse(fn.contains("j--"), fn);
        assertTrue(fn.contains("for (j = 0; j < n; j++) {"), fn);
    }

    @Test
    void aRecurrenceKeepsItsReversedOrder() {
        String b = Kernels.check(PREFIX, "prefix", DiffOptions.defaults(), new int[] {1},
                c -> c.set("n", "9").size("x", "n").size("y", "n"))[1];
        assertTrue(b.substring(b.indexOf("void prefix_b(")).contains("j--"), b);
    }
}
