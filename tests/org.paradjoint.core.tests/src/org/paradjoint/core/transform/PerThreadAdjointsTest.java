package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * {@link RaceStrategy#PRIVATE}: unproven increments of adjoint arrays that the adjoint loop only
 * increments go to per-thread copies (thread 0 into the adjoint itself), summed after the loop,
 * without {@code omp atomic}. Without a policy every increment is unproven, so every such array
 * is accumulated per thread. Each kernel is compiled with -Wall -Wextra -Werror -fopenmp and
 * checked (dot product against the tangent, tangent against finite differences) with 1, 2 and
 * 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class PerThreadAdjointsTest {

    private static final DiffOptions PRIVATE = DiffOptions.defaults().withRaceStrategy(RaceStrategy.PRIVATE);
    private static final int[] THREADS = {1, 2, 4};

    @Test
    void gemmAccumulatesTheAdjointOfBPerThread() {
        String b = Kernels.check("""
                void gemm(int ni, int nj, int nk, double alpha, double beta,
                          double C[ni][nj], const double A[ni][nk], const double B[nk][nj])
                {
                    int i, j, k;
                #pragma ad gradient(C : A, B, C)
                #pragma omp parallel for private(i, j, k)
                    for (i = 0; i < ni; i++) {
                        for (j = 0; j < nj; j++)
                            C[i][j] = C[i][j] * beta;
                        for (k = 0; k < nk; k++)
                            for (j = 0; j < nj; j++)
                                C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
                    }
                }
                """, "gemm", PRIVATE, THREADS, c -> c.set("ni", "7").set("nj", "5").set("nk", "6")
                .size("C", "ni*nj").size("A", "ni*nk").size("B", "nk*nj"))[1];
        assertFalse(b.contains("omp atomic"), b);
        assertTrue(b.contains("double (*pa_Bb)[nj] = (double (*)[nj]) pa_thread_part((double *) Bb,"), b);
        assertTrue(b.contains("pa_Bb[k][j] += "), b);
        assertTrue(b.contains("pa_sum_threads((double *) Bb,"), b);
        assertTrue(b.contains("#pragma omp for\n"), b);
    }

    /**
     * {@code default(none)}: the region lists what it names once each, the buffer's length too
     * (the adjoint did not compile: {@code Bb} twice, {@code pa_Bb_buf_len} not listed).
     */
    @Test
    void aDefaultNoneLoopListsEachSharedNameOnce() {
        String b = Kernels.check("""
                void gemm(int ni, int nj, int nk, double alpha, double C[ni][nj], const double A[ni][nk],
                          const double B[nk][nj])
                {
                    int i, j, k;
                #pragma ad gradient(C : A, B, C)
                #pragma omp parallel for default(none) shared(ni, nj, nk, alpha, C, A, B) private(i, j, k)
                    for (i = 0; i < ni; i++)
                        for (k = 0; k < nk; k++)
                            for (j = 0; j < nj; j++)
                                C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
                }
                """, "gemm", PRIVATE, THREADS, c -> c.set("ni", "7").set("nj", "5").set("nk", "6")
                .size("C", "ni*nj").size("A", "ni*nk").size("B", "nk*nj"))[1];
        assertTrue(b.contains("shared(pa_Ab_buf, pa_Ab_buf_len, pa_Bb_buf, pa_Bb_buf_len) num_threads(pa_nt)"), b);
        assertFalse(b.contains("shared(Ab, pa_Ab_buf"), b);
    }

    @Test
    void ataxAccumulatesTheVectorNoLoopOrderOwnsPerThread() {
        String b = Kernels.check("""
                void atax(int m, int n, const double A[m][n], const double x[n], double y[n], double tmp[m])
                {
                    int i, j;
                #pragma ad gradient(y : A, x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < m; i++) {
                        tmp[i] = 0.0;
                        for (j = 0; j < n; j++)
                            tmp[i] = tmp[i] + A[i][j] * x[j];
                    }
                #pragma omp parallel for private(i, j)
                    for (j = 0; j < n; j++) {
                        y[j] = 0.0;
                        for (i = 0; i < m; i++)
                            y[j] = y[j] + A[i][j] * tmp[i];
                    }
                }
                """, "atax", PRIVATE, THREADS, c -> c.set("m", "9").set("n", "7").size("A", "m*n").size("x", "n")
                .size("y", "n").size("tmp", "m"))[1];
        assertFalse(b.contains("omp atomic"), b);
        assertTrue(b.contains("pa_thread_part((double *) xb,"), b);
        // the loop over columns is interchanged (LoopOrder): each row's iteration owns tmpb[i]
        assertFalse(b.contains("pa_thread_part((double *) tmpb,"), b);
    }

    @Test
    void scatterStencilAccumulatesPerThreadInsideASequentialLoop() {
        // a periodic neighbour in j: not a constant offset, so the increments are not gathered
        String b = Kernels.check("""
                void jacobi(int tsteps, int n, double A[n][n], double B[n][n])
                {
                    int t, i, j;
                #pragma ad gradient(A, B : A, B)
                    for (t = 0; t < tsteps; t++) {
                #pragma omp parallel for private(i, j)
                        for (i = 1; i < n - 1; i++)
                            for (j = 1; j < n - 1; j++)
                                B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][(j + 1) % n] + A[i + 1][j] + A[i - 1][j]);
                #pragma omp parallel for private(i, j)
                        for (i = 1; i < n - 1; i++)
                            for (j = 1; j < n - 1; j++)
                                A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][(j + 1) % n] + B[i + 1][j] + B[i - 1][j]);
                    }
                }
                """, "jacobi", PRIVATE, THREADS, c -> c.set("tsteps", "3").set("n", "9").size("A", "n*n")
                .size("B", "n*n"))[1];
        assertFalse(b.contains("omp atomic"), b);
        assertTrue(b.contains("pa_thread_part((double *) Ab,"), b);
        assertTrue(b.contains("pa_thread_part((double *) Bb,"), b);
    }

    @Test
    void withoutExtentsOrWhenTheLoopReadsTheAdjointIncrementsStayAtomic() {
        String src = """
                void f(int n, double *y, const double *x, double z[n])
                {
                    int i;
                #pragma ad gradient(y, z : x, z)
                #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++) {
                        y[i] = x[i - 1] * x[i + 1];
                        z[i] = z[i] * z[i - 1] + z[i + 1];
                    }
                }
                """;
        DiffResult r = Kernels.differentiate(TinyC.parse("f.c", src), "f", Mode.REVERSE, PRIVATE);
        String text = r.diagnostics().toString();
        assertTrue(r.diagnostics().stream().filter(d -> d.code().equals("race-private-not-applicable")).count() == 2,
                text);
        assertTrue(text.contains("extent"), text);
        assertTrue(text.contains("reads or overwrites"), text);
        String b = org.paradjoint.core.print.CPrinter.print(r.function());
        assertTrue(b.contains("omp atomic"), b);
        assertFalse(b.contains("pa_thread_part"), b);
    }

    @Test
    void otherStrategiesKeepAtomics() {
        String b = Kernels.check("""
                void scatter(int n, double y[n], const double x[n])
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        y[i] = x[i - 1] - 2.0 * x[i] * x[i] + x[i + 1];
                }
                """, "scatter", DiffOptions.defaults(), c -> c.set("n", "12").size("x", "n").size("y", "n"))[1];
        assertTrue(b.contains("omp atomic"), b);
        assertFalse(b.contains("pa_thread_part"), b);
    }

    @Test
    void aLoopThatReachesASliceOfTheArrayPerExecutionKeepsAtomics() {
        String src = """
                void trmm(int m, int n, double alpha, const double A[m][m], double B[m][n])
                {
                    int i, j, k;
                #pragma ad gradient(B : A, B)
                    for (i = 0; i < m; i++) {
                #pragma omp parallel for private(j, k)
                        for (j = 0; j < n; j++) {
                            for (k = i + 1; k < m; k++)
                                B[i][j] = B[i][j] + A[k][i] * B[k][j];
                            B[i][j] = alpha * B[i][j];
                        }
                    }
                }
                """;
        DiffResult r = Kernels.differentiate(TinyC.parse("trmm.c", src), "trmm", Mode.REVERSE, PRIVATE);
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("race-private-not-applicable")
                && d.message().contains("indexed by 'i'")), r.diagnostics().toString());
        assertFalse(org.paradjoint.core.print.CPrinter.print(r.function()).contains("pa_thread_part((double *) Ab"));
    }
}
