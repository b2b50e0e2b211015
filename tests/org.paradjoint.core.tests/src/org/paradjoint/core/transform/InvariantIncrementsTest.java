package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.tests.support.Kernels;

/**
 * {@link InvariantIncrements}: an adjoint element incremented at indices an inner sequential loop
 * does not change sums into a private scalar and takes the sum once after that loop, atomically
 * where the increment is unproven. Each kernel is compiled with -Wall -Wextra -Werror -fopenmp
 * and checked (dot product, finite differences) with 1, 2 and 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class InvariantIncrementsTest {

    private static final int[] THREADS = {1, 2, 4};

    @Test
    void theRowOfAMatrixVectorProductSumsOncePerRow() {
        String b = Kernels.check("""
                void gemv(int m, int n, const double A[m][n], const double x[n], double y[m])
                {
                    int i, j;
                #pragma ad gradient(y : A, x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < m; i++) {
                        y[i] = 0.0;
                        for (j = 0; j < n; j++)
                            y[i] = y[i] + A[i][j] * x[j];
                    }
                }
                """, "gemv", DiffOptions.defaults().withRaceStrategy(RaceStrategy.ATOMIC), THREADS,
                c -> c.set("m", "9").set("n", "7").size("A", "m*n").size("x", "n").size("y", "m"))[1];
        // xb[j] changes with j: it stays in the loop; Ab[i][j] too; y's adjoint is only read
        assertTrue(b.contains("xb[j] += "), b);
        assertFalse(b.contains("pa_sum"), b);
    }

    /** gemm parallel over i, its C += alpha A B inner loops in (k, j) order. */
    private static final String GEMM = """
            void gemm(int ni, int nj, int nk, double alpha, double C[ni][nj], const double A[ni][nk],
                      const double B[nk][nj])
            {
                int i, j, k;
            #pragma ad gradient(C : A, B)
            #pragma omp parallel for private(i, j, k)
                for (i = 0; i < ni; i++) {
                    for (k = 0; k < nk; k++)
                        for (j = 0; j < nj; j++)
                            C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
                }
            }
            """;

    /** The adjoint of {@link #GEMM} with {@code strategy}, checked at {@link #THREADS}. */
    private static String gemmAdjoint(RaceStrategy strategy) {
        return gemmAdjoint(GEMM, strategy);
    }

    /** The adjoint of {@code source}, a variant of {@link #GEMM}, with {@code strategy}, checked at {@link #THREADS}. */
    private static String gemmAdjoint(String source, RaceStrategy strategy) {
        return Kernels.check(source, "gemm", DiffOptions.defaults().withRaceStrategy(strategy), THREADS,
                c -> c.set("ni", "7").set("nj", "5").set("nk", "6").size("C", "ni*nj").size("A", "ni*nk")
                        .size("B", "nk*nj"))[1];
    }

    @Test
    void gemmSumsTheAdjointOfAOncePerElement() {
        String b = gemmAdjoint(RaceStrategy.ATOMIC);
        assertTrue(b.contains("pa_sum += alpha * B[k][j] * Cb[i][j];"), b);
        assertTrue(b.contains("Ab[i][k] += pa_sum;"), b);
        assertTrue(b.contains("private(i, j, k, pa_sum)"), b);
        // without a race analysis every increment is unproven: Ab[i][k] takes one atomic per k, not per (k, j)
        assertTrue(b.contains("#pragma omp atomic\n            Ab[i][k] += pa_sum;"), b);
        assertFalse(b.contains("#pragma omp atomic\n                    pa_sum"), b);
        // Bb[k][j] stays atomic in the loop over j: an atomic cannot run in a SIMD lane, so no omp simd
        assertFalse(b.contains("omp simd"), b);
    }

    @Test
    void aLoopIndependentButForItsSumsIsMarkedSimdWithTheSumsAsReductions() {
        String b = gemmAdjoint(RaceStrategy.PRIVATE);
        // Bb[k][j] (per thread, plain) is indexed by j: each lane its own element, pa_sum reduced per lane
        assertTrue(b.replaceAll("\\s+", " ").contains("pa_sum = 0.0; #pragma omp simd reduction(+: pa_sum) "
                + "for (j = nj - 1; j >= 0; j--) {"), b);
        // an increment indexed by the counter only through an expression (Bb[k][nj - 1 - j]) is not
        // taken as a lane's own element: no simd, though A's adjoint is still summed
        String s = gemmAdjoint(GEMM.replace("C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];",
                "C[i][j] = C[i][j] + alpha * A[i][k] * B[k][nj - 1 - j];"), RaceStrategy.PRIVATE);
        assertTrue(s.contains("pa_sum"), s);
        assertFalse(s.contains("omp simd"), s);
    }
}
