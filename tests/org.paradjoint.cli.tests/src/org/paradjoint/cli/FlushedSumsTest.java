package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.Test;

/**
 * Core {@code FlushedSums}: an adjoint element incremented in every iteration of a loop that also
 * touches the array at an element that is the incremented one in one iteration only sums into a
 * private scalar, added to the element before the statement that touches it in that iteration
 * and after the loop (the rows proven to be the iterations' own: no atomics). Each kernel is
 * checked by {@code check --run} (dot product, finite differences) with 1, 2 and 4 threads; the
 * column col is inside the row, so the flush happens.
 */
class FlushedSumsTest {

    /** Differentiates {@code src} (function {@code fn}), checks it with {@code sets}, returns the adjoint function. */
    private static String differentiateAndCheck(String fn, String src, String... sets) throws IOException {
        String adjoint = CheckedAdjoint.of(fn, src, sets);
        return adjoint.substring(adjoint.indexOf("void " + fn + "_b("));
    }

    /** Whitespace folded to single blanks: the statements' order, not their indentation. */
    private static String folded(String code) {
        return code.replaceAll("\\s+", " ");
    }

    @Test
    void aRowReadAtAFixedColumnSumsItsAdjointAndFlushesBeforeThatColumnsVisit() throws IOException {
        String b = differentiateAndCheck("shear", """
                void shear(int n, int m, double x[n][m], const double c[m], int col)
                {
                    int i, j;
                #pragma ad gradient(x : x, c)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < m; j++)
                            x[i][j] = x[i][j] * c[j] + x[i][col];
                }
                """, "n=6", "m=9", "col=4");
        assertTrue(folded(b).contains("pa_sum = 0.0; for (j = m - 1; j >= 0; j--) { if (j == col) { "
                + "xb[i][col] += pa_sum; pa_sum = 0.0; } tempb = xb[i][j];"), b);
        assertTrue(folded(b).contains("pa_sum += tempb; } xb[i][col] += pa_sum;"), b);
        assertTrue(b.contains("private(i, j, pa_sum)"), b);
    }

    @Test
    void aTouchAfterTheIncrementInTheSameIterationIsFlushedBeforeToo() throws IOException {
        String b = differentiateAndCheck("twice", """
                void twice(int n, int m, double x[n][m], double y[n][m], int col)
                {
                    int i, j;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < m; j++) {
                            y[i][j] = x[i][col] * x[i][j];
                            x[i][j] = 2.0 * x[i][j];
                        }
                }
                """, "n=5", "m=8", "col=3");
        // the doubling reads the element; the increment; then the other product's increment of it
        String f = folded(b);
        int increment = f.indexOf("pa_sum += x[i][j] * yb[i][j];");
        assertTrue(increment > 0, b);
        assertTrue(f.startsWith(" if (j == col) { xb_w[i][col] += pa_sum; pa_sum = 0.0; } xb_w[i][j] += ",
                increment + "pa_sum += x[i][j] * yb[i][j];".length()), b);
    }

    @Test
    void aTapedRowKeepsItsRestoresAndSumsTheSame() throws IOException {
        String b = differentiateAndCheck("scan", """
                void scan(int n, int m, double x[n][m], int col)
                {
                    int i, j;
                #pragma ad gradient(x : x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < m; j++)
                            x[i][j] = 0.5 * x[i][j] + x[i][col] * x[i][col];
                }
                """, "n=7", "m=6", "col=2");
        assertTrue(folded(b).contains("pa_sum += 2.0 * x[i][col] * tempb; } xb[i][col] += pa_sum;"), b);
    }
}
