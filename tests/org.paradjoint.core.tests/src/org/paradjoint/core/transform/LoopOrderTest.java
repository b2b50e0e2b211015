package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.tests.support.DerivativeCheck;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * {@link LoopOrder}: two-deep adjoint nests of commuting increments are interchanged when the
 * swapped order walks the arrays contiguously and, for a parallel loop, lets each iteration own
 * what it increments; nests where that is not legal (a triangular bound, a non-increment in the
 * body, an increment that reads what another increments) keep the primal's order. Each kernel
 * is compiled with -Wall -Wextra -Werror -fopenmp and checked (dot product against the tangent,
 * tangent against finite differences) with 1, 2 and 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class LoopOrderTest {

    private static final DiffOptions PRIVATE = DiffOptions.defaults().withRaceStrategy(RaceStrategy.PRIVATE);
    private static final int[] THREADS = {1, 2, 4};

    private static final String ATAX = """
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
            """;

    @Test
    void ataxColumnLoopRunsOverRowsAndOwnsItsIncrements() {
        String b = Kernels.check(ATAX, "atax", PRIVATE, THREADS, c -> c.set("m", "9").set("n", "7").size("A", "m*n")
                .size("x", "n").size("y", "n").size("tmp", "m"))[1];
        // the loop over columns j becomes a loop over rows i: Ab[i][j] and A[i][j] contiguous, tmpb[i] owned;
        // it then runs in one loop with the forward sweep's loop over the rows (tmp[i] summed in a register,
        // eight rows' sums at once: InterleavedSums)
        assertFalse(b.contains("pa_thread_part((double *) tmpb,"), b);
        assertTrue(flat(b).contains(flat("""
                    #pragma omp parallel for private(i, j, pa_sum0, pa_sum_v)
                    for (pa_ib = 0; pa_ib < m; pa_ib += 8) {
                        for (i = pa_ib; i < (pa_ib + 8 < m ? pa_ib + 8 : m); i++) {
                            tmp[i] = 0.0;
                            pa_sum_v[i - pa_ib] = tmp[i];
                        }
                """)), b);
        assertTrue(flat(b).contains(flat("""
                        for (i = pa_ib; i < (pa_ib + 8 < m ? pa_ib + 8 : m); i++) {
                            tmp[i] = pa_sum_v[i - pa_ib];
                            pa_sum0 = 0.0;
                        #pragma omp simd reduction(+: pa_sum0)
                        for (j = 0; j < n; j++) {
                            Ab[i][j] += tmp[i] * yb[j];
                            pa_sum0 += A[i][j] * yb[j];
                        }
                            tmpb[i] += pa_sum0;
                        }
                    }
                    #pragma omp parallel for private(j)
                    for (j = 0; j < n; j++) {
                        yb[j] = 0.0;
                    }
                """)), b);
        // the row loop's own nest is contiguous already: swapping it would walk columns, so xb stays per thread
        assertTrue(b.contains("pa_thread_part((double *) xb,"), b);
        List<Diagnostic> d = diagnostics(ATAX, "atax", PRIVATE);
        assertEquals(1, count(d, "loop-interchanged"), d.toString());
        assertTrue(message(d, "loop-interchanged").contains("the adjoint loops over j and i are interchanged"),
                d.toString());
        assertTrue(d.stream().anyMatch(x -> x.code().equals("race-owned") && x.message().contains("'tmpb'")),
                d.toString());
        assertFalse(d.stream().anyMatch(x -> x.code().equals("race-private-accumulation")
                && "j".equals(x.arguments().get("counter"))), "nothing is accumulated per thread over j: " + d);
    }

    @Test
    void anIncrementBeforeTheInnerLoopGetsALoopOfItsOwn() {
        String src = """
                void mv(int n, double beta, const double A[n][n], const double y[n], const double z[n], double x[n])
                {
                    int i, j;
                #pragma ad gradient(x : A, y, z, x)
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++) {
                        for (j = 0; j < n; j++)
                            x[i] = x[i] + beta * A[j][i] * y[j];
                        x[i] = x[i] + z[i];
                    }
                }
                """;
        String b = Kernels.check(src, "mv", PRIVATE, THREADS, c -> c.set("n", "8").size("A", "n*n").size("y", "n")
                .size("z", "n").size("x", "n"))[1];
        assertFalse(b.contains("pa_thread_part"), b);
        assertFalse(b.contains("omp atomic"), b);
        assertTrue(flat(b).contains(flat("""
                    #pragma omp parallel for private(i, j, pa_sum)
                    for (i = 0; i < n; i++) {
                        zb[i] += xb[i];
                        pa_sum = 0.0;
                """)), b);
        // the interchanged loop over j runs in one loop with zb's (its counter named i there)
        assertTrue(b.contains("yb[i] += pa_sum;"), b);
    }

    @Test
    void aSequentialNestInsideAParallelLoopIsOrderedForLocality() {
        String src = """
                void mm(int ni, int nj, int nl, const double T[ni][nj], const double C[nj][nl], double D[ni][nl])
                {
                    int i, j, k;
                #pragma ad gradient(D : T, C, D)
                #pragma omp parallel for private(i, j, k)
                    for (i = 0; i < ni; i++)
                        for (j = 0; j < nl; j++) {
                            D[i][j] = D[i][j] * 0.5;
                            for (k = 0; k < nj; k++)
                                D[i][j] = D[i][j] + T[i][k] * C[k][j];
                        }
                }
                """;
        String b = Kernels.check(src, "mm", PRIVATE, THREADS, c -> c.set("ni", "5").set("nj", "6").set("nl", "7")
                .size("T", "ni*nj").size("C", "nj*nl").size("D", "ni*nl"))[1];
        // k outside j: C[k][j] and Cb[k][j] contiguous, Tb[i][k] summed once per k; the scaling of Db after the nest
        assertTrue(flat(b).contains(flat("""
                            for (k = nj - 1; k >= 0; k--) {
                                pa_sum = 0.0;
                                #pragma omp simd reduction(+: pa_sum)
                                for (j = nl - 1; j >= 0; j--) {
                """)), b);
        assertTrue(b.contains("Tb[i][k] += pa_sum;"), b);
        assertTrue(flat(b).contains(flat("""
                            for (j = nl - 1; j >= 0; j--) {
                                Db[i][j] = 0.5 * Db[i][j];
                            }
                """)), b);
        // the parallel loop over rows keeps its order (and Cb its per-thread copies)
        assertTrue(b.contains("pa_thread_part((double *) Cb,"), b);
    }

    @Test
    void aTriangularNestKeepsItsOrder() {
        String src = """
                void tri(int n, const double A[n][n], const double x[n], double y[n])
                {
                    int i, j;
                #pragma ad gradient(y : A, x)
                #pragma omp parallel for private(i, j)
                    for (j = 0; j < n; j++) {
                        y[j] = 0.0;
                        for (i = j; i < n; i++)
                            y[j] = y[j] + A[i][j] * x[i];
                    }
                }
                """;
        String b = Kernels.check(src, "tri", PRIVATE, THREADS, c -> c.set("n", "9").size("A", "n*n").size("x", "n")
                .size("y", "n"))[1];
        // the inner loop over i stays inside (its increments are independent: it runs upwards, AscendingIncrements)
        assertTrue(b.contains("for (i = j; i < n; i++)"), b);
        assertTrue(b.contains("pa_thread_part((double *) xb,"), b);
        assertEquals(0, count(diagnostics(src, "tri", PRIVATE), "loop-interchanged"));
    }

    @Test
    void aNonIncrementInTheInnerLoopKeepsTheOrder() {
        // y[j]'s adjoint is scaled by cos(y[j]) in every inner iteration: not an increment
        String src = """
                void nl(int m, int n, const double A[m][n], const double x[m], double y[n])
                {
                    int i, j;
                #pragma ad gradient(y : A, x, y)
                #pragma omp parallel for private(i, j)
                    for (j = 0; j < n; j++)
                        for (i = 0; i < m; i++)
                            y[j] = sin(y[j]) + A[i][j] * x[i];
                }
                """;
        Kernels.check(src, "nl", PRIVATE, THREADS, c -> c.set("m", "6").set("n", "5").size("A", "m*n").size("x", "m")
                .size("y", "n"));
        assertEquals(0, count(diagnostics(src, "nl", PRIVATE), "loop-interchanged"));
    }

    @Test
    void anIncrementThatReadsAnotherIncrementedArrayKeepsTheOrder() {
        // zb[i][j] is incremented and then read in the same iteration: the statements depend on each other
        String src = """
                void dep(int m, int n, const double x[m], const double w[n], double z[m][n], double y[n])
                {
                    int i, j;
                #pragma ad gradient(y, z : x, w)
                #pragma omp parallel for private(i, j)
                    for (j = 0; j < n; j++) {
                        y[j] = 0.0;
                        for (i = 0; i < m; i++) {
                            z[i][j] = x[i] * w[j];
                            y[j] = y[j] + z[i][j];
                        }
                    }
                }
                """;
        Kernels.check(src, "dep", PRIVATE, THREADS, c -> c.set("m", "6").set("n", "5").size("x", "m").size("w", "n")
                .size("z", "m*n").size("y", "n"));
        assertEquals(0, count(diagnostics(src, "dep", PRIVATE), "loop-interchanged"));
    }

    /**
     * The adjoint of the recurrence {@code x[k + 1] = x[k + 1] + A[k][o] * x[k]} increments
     * {@code xb[k]} from {@code xb[k + 1]}: two elements of one iteration, but the element another
     * iteration increments. Swapping the loops (which would walk {@code A} by rows) would change
     * what each read sees: the nest keeps its order.
     */
    @Test
    void aRecurrenceAlongTheInnerLoopKeepsTheOrder() {
        String src = """
                void rec(int m, int n, const double A[n][m], double x[n])
                {
                    int o, k;
                #pragma ad gradient(x : x)
                    for (o = 0; o < m; o++)
                        for (k = 0; k < n - 1; k++)
                            x[k + 1] = x[k + 1] + A[k][o] * x[k];
                }
                """;
        Kernels.check(src, "rec", PRIVATE, THREADS, c -> c.set("m", "4").set("n", "6").size("A", "n*m")
                .size("x", "n"));
        assertEquals(0, count(diagnostics(src, "rec", PRIVATE), "loop-interchanged"));
    }

    @Test
    void theAtomicStrategyKeepsTheParallelLoopsOrder() {
        String b = Kernels.check(ATAX, "atax", DiffOptions.defaults(), c -> c.set("m", "9").set("n", "7")
                .size("A", "m*n").size("x", "n").size("y", "n").size("tmp", "m"))[1];
        // the loop over j stays outside; its inner loop of independent increments runs upwards
        assertTrue(flat(b).contains("for (j = 0; j < n; j++) { for (i = 0; i < m; i++) {"), b);
        assertTrue(b.contains("omp atomic"), b);
        assertEquals(0, count(diagnostics(ATAX, "atax", DiffOptions.defaults()), "loop-interchanged"));
    }

    /**
     * Random matrix-vector nests: the parallel loop over {@code a}, the inner over {@code b}, the
     * matrix read as {@code M[a][b]} or {@code M[b][a]}, the output reset before the nest or
     * scaled after it, the inner bound rectangular or triangular. Every derivative passes its
     * checks; a rectangular nest that reads the matrix across rows ({@code M[b][a]}) is
     * interchanged, a triangular one never is.
     */
    @Test
    void randomMatrixVectorNestsKeepTheirDerivatives() {
        Random random = new Random(20_261_126L);
        int swapped = 0;
        int triangles = 0;
        for (int k = 0; k < 6; k++) {
            boolean transposed = random.nextBoolean();
            boolean triangular = random.nextInt(3) == 0;
            boolean reset = random.nextBoolean();
            boolean scaled = random.nextBoolean();
            String read = transposed ? "M[b][a]" : "M[a][b]";
            String src = """
                    void mv(int n, const double M[n][n], const double v[n], double u[n])
                    {
                        int a, b;
                    #pragma ad gradient(u : M, v, u)
                    #pragma omp parallel for private(a, b)
                        for (a = 0; a < n; a++) {
                            %s
                            for (b = %s; b < n; b++)
                                u[a] = u[a] + %s * v[b];
                            %s
                        }
                    }
                    """.formatted(reset ? "u[a] = 0.0;" : "", triangular ? "a" : "0", read,
                    scaled ? "u[a] = 0.75 * u[a];" : "");
            Consumer<DerivativeCheck> sizes = c -> c.set("n", "7").size("M", "n*n").size("v", "n").size("u", "n");
            String b = Kernels.check(src, "mv", PRIVATE, THREADS, sizes)[1];
            long interchanged = count(diagnostics(src, "mv", PRIVATE), "loop-interchanged");
            if (triangular) {
                assertEquals(0, interchanged, src + "\n" + b);
                triangles++;
            } else if (transposed) {
                assertEquals(1, interchanged, src + "\n" + b);
                assertFalse(b.contains("pa_thread_part"), src + "\n" + b);
                swapped++;
            }
        }
        // the seed draws both kinds, so that both properties are exercised
        assertTrue(swapped > 0 && triangles > 0, swapped + " interchanged, " + triangles + " triangular");
    }

    private static List<Diagnostic> diagnostics(String src, String fn, DiffOptions options) {
        return Kernels.differentiate(TinyC.parse(fn + ".c", src), fn, Mode.REVERSE, options).diagnostics();
    }

    /** The text with every run of blanks and line ends as one blank: shapes compared whatever the indentation. */
    private static String flat(String text) {
        return text.replaceAll("\\s+", " ").trim();
    }

    private static long count(List<Diagnostic> d, String code) {
        return d.stream().filter(x -> x.code().equals(code)).count();
    }

    private static String message(List<Diagnostic> d, String code) {
        return d.stream().filter(x -> x.code().equals(code)).map(Diagnostic::message).findFirst().orElse("");
    }
}
