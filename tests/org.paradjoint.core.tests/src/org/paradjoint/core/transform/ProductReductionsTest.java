package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.core.tests.support.Kernels;

/**
 * {@code reduction(*: p)} of an active scalar ({@link ProductReductions}): tangent and adjoint
 * pass the dot-product and finite-difference tests at 1, 2 and 4 threads, with inputs chosen so
 * that no factor, exactly one, or several are zero, and with a zero initial value. A zero factor
 * is where {@code p / e_i} would divide by zero; with one zero factor, its own derivative is the
 * product of all the others and every other factor's is zero.
 */
class ProductReductionsTest {

    /** {@code p = p0 * prod_i (x[i] * y[i] + x[i + 1])} with {@code p0 = s[0]}; each form of the update. */
    private static String kernel(String update) {
        return """
                void prod(int n, const double *x, const double *y, const double *s, double *r)
                {
                    int i;
                    double p;
                #pragma ad gradient(r : x, y, s)
                    p = s[0];
                #pragma omp parallel for private(i) reduction(*: p)
                    for (i = 0; i < n - 1; i++)
                        UPDATE;
                    r[0] = p * s[1] + p * p + s[1] * x[0];
                }
                """.replace("UPDATE", update);
    }

    @ParameterizedTest(name = "{0} with x = {1}, s = {2}")
    @CsvSource(delimiterString = " ; ", value = {
            "p *= x[i] * y[i] + x[i + 1] ; 0.6 + 0.05 * k ; 0.9 + 0.2 * k",
            "p = p * (x[i] * y[i] + x[i + 1]) ; (k == 3 || k == 4) ? 0.0 : 0.6 + 0.05 * k ; 0.9 + 0.2 * k",
            "p = (x[i] * y[i] + x[i + 1]) * p ; 0.6 + 0.05 * k ; 1.1 - 0.2 * k",
            "p *= x[i] * y[i] + x[i + 1] ; (k == 5 || k == 6 || k == 9 || k == 10) ? 0.0 : 0.6 + 0.05 * k ; 0.9 + 0.2 * k",
            "p *= x[i] * y[i] + x[i + 1] ; 0.6 + 0.05 * k ; k == 0 ? 0.0 : 0.7",
    })
    void derivativesPassTheChecksWithAndWithoutZeroFactors(String update, String xFill, String sFill) {
        // y[k] = 0 where x[k + 1] = 0 and x[k] = 0 makes factor k exactly zero
        String yFill = "(k == 3 || k == 5 || k == 9) ? 0.0 : 0.8 - 0.03 * k";
        String[] out = Kernels.check(kernel(update), "prod", DiffOptions.defaults(), new int[] {1, 2, 4},
                c -> c.set("n", "13").size("x", "n").size("y", "n").size("s", "2").size("r", "1").fill("x", xFill)
                        .fill("y", yFill).fill("s", sFill));
        assertTrue(out[1].contains("reduction(*: pa_others)"), out[1]);
    }
}
