package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.tests.support.Kernels;

/**
 * {@link GatherIncrements}: unproven constant-offset increments of an adjoint array become a
 * gather nest of their own (every iteration writes its own element, no atomic), edges tested and
 * the interior plain, under the default (PRIVATE) strategy; what cannot be gathered exactly is
 * protected as before. Without a race policy every increment is unproven here. Each kernel is compiled with -Wall -Wextra -Werror -fopenmp
 * and checked (dot product, finite differences) with 1, 2 and 4 threads, at sizes down to the
 * smallest the loops run at (where edges overlap and the interior is empty).
 */
@Execution(ExecutionMode.CONCURRENT)
class GatherIncrementsTest {

    private static final int[] THREADS = {1, 2, 4};
    private static final DiffOptions PRIVATE = DiffOptions.defaults().withRaceStrategy(RaceStrategy.PRIVATE);

    private static final String GUARDED_STENCIL = """
            void st(int n, double y[n], const double x[n])
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for
                for (i = 0; i < n; i++) {
                    if (i > 0 && i < n - 1)
                        y[i] = x[i - 1] - 2.0 * x[i] + x[i + 1];
                    else
                        y[i] = x[i];
                }
            }
            """;

    @Test
    void aGuardedThreePointStencilIsGatheredWithoutAtomics() {
        for (String n : new String[] {"1", "2", "3", "4", "11"}) {
            String b = Kernels.check(GUARDED_STENCIL, "st", PRIVATE, THREADS,
                    c -> c.set("n", n).size("y", "n").size("x", "n"))[1];
            assertFalse(b.contains("atomic"), b);
            // the interior, where every source iteration exists, carries only the branch conditions,
            // less what its range decides; the edges also take the iterations where a condition
            // still varies (1 and n - 2), so that 2 .. n - 3 decides them all: i > 0 && i < n - 1
            // holds there, i + 1 > 0 && i + 1 < n - 1 too: the stencil's transpose, as by hand
            assertTrue(b.contains("if (n - 2 >= 2) {"), b);
            assertTrue(b.contains("""
                            for (i = 2; i < n - 2; i++) {
                                xb[i] += yb[i + 1] - 2.0 * yb[i] + yb[i - 1];
                            }
                    """), b);
            // the seeds are reset after the gather has read them
            assertTrue(b.indexOf("yb[i] = 0.0;") > b.indexOf("xb[i] += "), b);
        }
    }

    @Test
    void aFivePointStencilHasAPlainInteriorAndTestedEdges() {
        String src = """
                void jac(int n, double B[n][n], const double A[n][n])
                {
                    int i, j;
                #pragma ad gradient(B : A)
                #pragma omp parallel for private(i, j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < n - 1; j++)
                            B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
                }
                """;
        for (String n : new String[] {"3", "4", "5", "9"}) {
            String b = Kernels.check(src, "jac", PRIVATE, THREADS,
                    c -> c.set("n", n).size("B", "n*n").size("A", "n*n"))[1];
            assertFalse(b.contains("atomic"), b);
            assertTrue(b.contains("Ab[i][j] += 0.2 * Bb[i][j] + 0.2 * Bb[i][j + 1] + 0.2 * Bb[i][j - 1] + 0.2 * "
                    + "Bb[i - 1][j] + 0.2 * Bb[i + 1][j];"), b);
        }
    }

    @Test
    void aFlattenedFivePointStencilIsGatheredAsTwoDimensional() {
        // one block of rows of m + 2 (a ghost column each side), indexed row * (m + 2) + column
        // in the spellings a macro such as AT(i, j) expands to: the columns reached, 0..m + 1,
        // stay inside a row
        String src = """
                void jacf(int n, int m, double *B, const double *A)
                {
                    int i, j;
                #pragma ad gradient(B : A)
                #pragma omp parallel for private(i, j)
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j <= m; j++)
                            B[i * (m + 2) + j] = 0.2 * (A[i * (m + 2) + j] + A[i * (m + 2) + j - 1]
                                    + A[i * (m + 2) + (j + 1)] + A[(i + 1) * (m + 2) + j] + A[(i - 1) * (m + 2) + j]);
                }
                """;
        for (String[] nm : new String[][] {{"3", "1"}, {"4", "2"}, {"5", "3"}, {"9", "6"}}) {
            String b = Kernels.check(src, "jacf", PRIVATE, THREADS, c -> c.set("n", nm[0]).set("m", nm[1])
                    .size("B", "n*(m+2)").size("A", "n*(m+2)"))[1];
            assertFalse(b.contains("atomic"), b);
            assertTrue(b.contains("Ab[i * (m + 2) + j] += 0.2 * Bb[i * (m + 2) + j] + 0.2 * Bb[i * (m + 2) + (j + 1)]"
                    + " + 0.2 * Bb[i * (m + 2) + (j - 1)] + 0.2 * Bb[(i - 1) * (m + 2) + j] + 0.2 * Bb[(i + 1) * (m + 2)"
                    + " + j];"), b);
        }
    }

    @Test
    void aFlattenedAccessWhoseColumnsMayLeaveTheRowIsNotGathered() {
        // column j - 1 of j = 0 is the last element of the row before: two (row, column) pairs
        // name one element, so a gather over rows could write it from two threads
        String src = """
                void left(int n, int m, double *B, const double *A)
                {
                    int i, j;
                #pragma ad gradient(B : A)
                #pragma omp parallel for private(i, j)
                    for (i = 1; i < n; i++)
                        for (j = 0; j < m; j++)
                            B[i * m + j] = A[i * m + j] * A[i * m + j - 1];
                }
                """;
        String b = Kernels.check(src, "left", PRIVATE, THREADS, c -> c.set("n", "5").set("m", "3")
                .size("B", "n*m").size("A", "n*m"))[1];
        assertTrue(b.contains("#pragma omp atomic"), b);
    }

    @Test
    void nonlinearTermsReadingOnlyThePrimalAreGathered() {
        String src = """
                void prod(int n, double y[n], const double x[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for
                    for (i = 1; i < n - 1; i++)
                        y[i] = x[i - 1] * x[i + 1] + sin(x[i]);
                }
                """;
        String b = Kernels.check(src, "prod", PRIVATE, THREADS, c -> c.set("n", "10").size("y", "n").size("x", "n"))[1];
        assertFalse(b.contains("atomic"), b);
    }

    @Test
    void aCollapsedNestIsGatheredWithoutSplittingItsLevels() {
        String src = """
                void shift2(int n, double y[n][n], const double x[n][n])
                {
                    int i, j;
                #pragma ad gradient(y : x)
                #pragma omp parallel for collapse(2) private(i, j)
                    for (i = 1; i < n; i++)
                        for (j = 0; j < n; j++)
                            y[i][j] = x[i][j] * x[i - 1][j];
                }
                """;
        String b = Kernels.check(src, "shift2", PRIVATE, THREADS,
                c -> c.set("n", "6").size("y", "n*n").size("x", "n*n"))[1];
        assertFalse(b.contains("atomic"), b);
        assertTrue(b.contains("collapse(2)"), b);
    }

    @Test
    void incrementsThatAreNotConstantOffsetsAreNotGathered() {
        String src = """
                void scat(int n, double y[n], const double x[n], const int idx[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for
                    for (i = 0; i < n; i++)
                        y[i] = x[idx[i]] * x[idx[i]];
                }
                """;
        String b = Kernels.check(src, "scat", PRIVATE, THREADS,
                c -> c.set("n", "8").size("y", "n").size("x", "n").size("idx", "n").fill("idx", "(k * 3) % 8"))[1];
        // accumulated per thread instead
        assertTrue(b.contains("pa_thread_part((double *) xb,"), b);
    }

    @Test
    void theAtomicStrategyKeepsAnAtomicPerUnprovenIncrement() {
        String b = Kernels.check(GUARDED_STENCIL, "st", DiffOptions.defaults().withRaceStrategy(RaceStrategy.ATOMIC),
                THREADS, c -> c.set("n", "7").size("y", "n").size("x", "n"))[1];
        assertTrue(b.contains("#pragma omp atomic"), b);
    }

    /** Random 1-D stencils: offsets, coefficients and loop bounds drawn; every size from 1 up. */
    @Test
    void randomStencilsMatchTheirDerivatives() {
        Random rnd = new Random(20261126L);
        for (int trial = 0; trial < 6; trial++) {
            int lo = rnd.nextInt(3);
            int hi = rnd.nextInt(3);
            StringBuilder rhs = new StringBuilder();
            int terms = 1 + rnd.nextInt(4);
            for (int t = 0; t < terms; t++) {
                int o = rnd.nextInt(2 * Math.max(lo, hi) + 1) - Math.max(lo, hi);
                o = Math.max(-lo, Math.min(hi, o));
                String ref = "x[i" + (o < 0 ? " - " + -o : o > 0 ? " + " + o : "") + "]";
                rhs.append(t == 0 ? "" : " + ").append(1 + rnd.nextInt(5)).append(".0 * ").append(ref)
                        .append(rnd.nextBoolean() ? " * " + ref : "");
            }
            String src = """
                    void rs(int n, double y[n], const double x[n])
                    {
                        int i;
                    #pragma ad gradient(y : x)
                    #pragma omp parallel for
                        for (i = %d; i < n - %d; i++)
                            y[i] = %s;
                    }
                    """.formatted(lo, hi, rhs);
            for (int n = lo + hi + 1; n <= lo + hi + 4; n++) {
                String size = Integer.toString(n);
                String b = Kernels.check(src, "rs", PRIVATE, new int[] {1, 2}, c -> c.set("n", size).size("y", "n")
                        .size("x", "n"))[1];
                assertFalse(b.contains("atomic"), src + "\n" + b);
            }
        }
    }
}
