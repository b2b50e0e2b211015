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
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.DerivativeCheck;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.testsupport.Repo;

/**
 * {@link FusedLoops}: consecutive parallel loops of a derivative over the same rows run as one
 * loop when each iteration touches only elements of its own in both, and stay apart when an
 * iteration of the later loop reaches what another iteration of the earlier one writes. Every
 * kernel is compiled with -Wall -Wextra -Werror -fopenmp and checked (dot product against the
 * tangent, tangent against finite differences) with 1, 2 and 4 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class FusedLoopsTest {

    private static final DiffOptions PRIVATE = DiffOptions.defaults().withRaceStrategy(RaceStrategy.PRIVATE);
    private static final int[] THREADS = {1, 2, 4};

    /**
     * bicg (the reverse benchmark's kernel): two products with A read in row loops; the adjoint
     * makes one pass over the rows of A and Ab.
     */
    @Test
    void bicgAdjointMakesOnePassOverTheRows() {
        String src = Repo.text("benchmarks/reverse/kernels/bicg.c");
        String b = Kernels.check(src, "bicg", PRIVATE, THREADS, c -> c.set("m", "7").set("n", "9").size("A", "n*m")
                .size("s", "m").size("q", "n").size("p", "m").size("r", "n"))[1];
        // one loop over the rows increments Ab twice: from qb (with pb per thread) and from sb
        assertEquals(1, occurrences(b, "#pragma omp for"), b);
        assertEquals(2, occurrences(b, "Ab[i][j] +="), b);
        // sb's reset runs after the fused loop, which reads sb
        assertTrue(b.indexOf("sb[j] = 0.0;") > b.indexOf("pa_sum_threads"), b);
    }

    /**
     * The adjoint of {@code z[i] = y[i] * y[i + 1]} increments {@code yb[i]} and {@code yb[i + 1]}
     * (atomically, as the atomic strategy leaves it), and the adjoint of
     * {@code y[i + 1] = x[i] * x[i]}, over the same iterations, reads {@code yb[i + 1]}: the two
     * loops stay apart (fused, an iteration would read {@code yb[i + 1]} before the neighbouring
     * iteration, on another thread, has added its part).
     */
    @Test
    void aNeighbourIncrementKeepsTheLoopsApart() {
        String src = """
                void chain(int n, const double x[n], double y[n + 1], double z[n])
                {
                    int i;
                #pragma ad gradient(z : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++)
                        y[i + 1] = x[i] * x[i];
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++)
                        z[i] = y[i] * y[i + 1];
                }
                """;
        DiffOptions atomic = DiffOptions.defaults().withRaceStrategy(RaceStrategy.ATOMIC);
        String b = Kernels.check(src, "chain", atomic, THREADS, c -> c.set("n", "11").size("x", "n")
                .size("y", "n + 1").size("z", "n"))[1];
        assertTrue(b.contains("yb[i + 1] +="), b);
        for (String loop : b.split("#pragma omp parallel for")) {
            assertFalse(loop.contains("yb[i + 1] +=") && loop.contains("xb[i] +="), b);
        }
    }

    /**
     * Random pairs of row loops: the second reads the first's output at the same row or at a
     * neighbouring one, over the same rows or fewer; both write rows of their own arrays. Every
     * derivative passes its checks, and those over the same rows with no neighbour run as one loop.
     */
    @Test
    void randomRowLoopPairsKeepTheirDerivatives() {
        Random random = new Random(20_261_127L);
        int fused = 0;
        int apart = 0;
        for (int k = 0; k < 8; k++) {
            int offset = random.nextInt(3) - 1;
            boolean shorter = offset != 0 || random.nextInt(3) == 0;
            String f = random.nextBoolean() ? "sin(%s)" : "%s * %s";
            String first = f.formatted("x[i][j]", "x[i][j]");
            String second = offset == 0 ? "w[i][j] * t[i][j]" : "w[i][j] * t[i %s][j]".formatted(offset > 0 ? "+ 1"
                    : "- 1");
            String lower = offset < 0 ? "1" : "0";
            String upper = offset > 0 ? "n - 1" : shorter ? "n - 1" : "n";
            String src = """
                    void rows(int n, int m, const double x[n][m], const double w[n][m], double t[n][m], double y[n][m])
                    {
                        int i, j;
                    #pragma ad gradient(y : x, w)
                    #pragma omp parallel for private(i, j)
                        for (i = 0; i < n; i++)
                            for (j = 0; j < m; j++)
                                t[i][j] = %s;
                    #pragma omp parallel for private(i, j)
                        for (i = %s; i < %s; i++)
                            for (j = 0; j < m; j++)
                                y[i][j] = %s;
                    }
                    """.formatted(first, lower, upper, second);
            Consumer<DerivativeCheck> sizes = c -> c.set("n", "9").set("m", "5").size("x", "n*m").size("w", "n*m")
                    .size("t", "n*m").size("y", "n*m");
            String b = Kernels.check(src, "rows", PRIVATE, THREADS, sizes)[1];
            long n = count(diagnostics(src, "rows"), "loops-fused");
            if (offset != 0) {
                apart++;
            } else if (!shorter) {
                // the forward sweep's loop and both adjoint loops run over the same rows
                assertTrue(n >= 1, src + "\n" + b);
                fused++;
            }
        }
        assertTrue(apart > 0 && fused > 0, "the seed draws both kinds: " + apart + " apart, " + fused + " fused");
    }

    /**
     * {@link FusedLanes} takes an upward header for the fused inner loops, unless the counter is
     * read after them: its value there is the later loop's last one, so the later loop's header
     * stays (here downward, ending at -1, which {@code c[i]} records).
     */
    @Test
    void fusedLanesKeepTheCounterTheLaterLoopLeaves() {
        String src = """
                void f(int n, int m, double a[n][m], double b[n][m], double c[n])
                {
                    int i, j;
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++) {
                        for (j = 0; j < m; j++)
                            a[i][j] += 1.0;
                        for (j = m - 1; j >= 0; j--)
                            b[i][j] += 2.0;
                        %s
                    }
                }
                """;
        for (boolean read : new boolean[] {false, true}) {
            String fused = CPrinter.print(FusedLanes.apply(TinyC.parse("f.c", src.formatted(read ? "c[i] = j;" : ""))
                    .function("f").orElseThrow()));
            String header = read ? "for (j = m - 1; j >= 0; j--) {" : "for (j = 0; j < m; j++) {";
            int loop = fused.indexOf(header);
            assertTrue(loop > 0 && fused.indexOf("a[i][j] += 1.0;", loop) > loop
                    && fused.indexOf("b[i][j] += 2.0;", loop) > loop && occurrences(fused, "for (j") == 1, fused);
        }
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    private static long count(List<Diagnostic> d, String code) {
        return d.stream().filter(x -> x.code().equals(code)).count();
    }

    private static List<Diagnostic> diagnostics(String src, String fn) {
        return Kernels.differentiate(TinyC.parse(fn + ".c", src), fn, Mode.REVERSE, PRIVATE).diagnostics();
    }
}
