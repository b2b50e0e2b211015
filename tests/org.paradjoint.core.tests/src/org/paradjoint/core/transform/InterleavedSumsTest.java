package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * atax's forward sweep sums each row in the primal's order; the adjoint sums eight rows at once
 * ({@link InterleavedSums}): the derivative checks pass at 1, 2 and 4 threads for row counts below,
 * at and across a block of 8, the forward sweep's {@code tmp} is the primal's bit for bit
 * (compiled without contracted multiply-adds, so that only the order of the additions could
 * differ), and a sum that the iterations' own values bound is left as it is.
 */
@Execution(ExecutionMode.CONCURRENT)
class InterleavedSumsTest {

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

    private static String adjoint(String src, String fn) {
        DiffResult b = Kernels.differentiate(TinyC.parse(fn + ".c", src), fn, Mode.REVERSE, DiffOptions.defaults());
        return CPrinter.printFile(List.of(b.function()));
    }

    @Test
    void ataxSumsEightRowsAtOnceAndPassesTheChecks() {
        String b = adjoint(ATAX, "atax");
        assertTrue(b.contains("for (pa_ib = 0; pa_ib < m; pa_ib += 8) {"), b);
        assertTrue(b.contains("""
                            for (j = 0; j < n; j++) {
                                for (i = pa_ib; i < pa_ib + 8; i++) {
                                    pa_sum_v[i - pa_ib] = pa_sum_v[i - pa_ib] + A[i][j] * x[j];
                """), b);
        for (String m : List.of("1", "7", "8", "9", "17")) {
            Kernels.check(ATAX, "atax", DiffOptions.defaults(), new int[] {1, 2, 4}, c -> c.set("m", m).set("n", "5")
                    .size("A", "m * n").size("x", "n").size("y", "n").size("tmp", "m"));
        }
    }

    @Test
    void theForwardSweepComputesThePrimalsSumsBitForBit() {
        String b = adjoint(ATAX, "atax");
        Path dir = ScratchDir.deletedAtExit("pa-interleaved");
        ScratchDir.write(dir, "atax_b.c", b);
        ScratchDir.write(dir, "atax.c", ATAX);
        Path main = ScratchDir.write(dir, "main.c", """
                #include <math.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include "atax.c"
                #include "atax_b.c"
                int main(void)
                {
                    enum { M = 37, N = 1000 };
                    static double A[M][N], Ab[M][N], x[N], xb[N], y[N], yb[N], tmp[M], tmpb[M], tmp0[M];
                    int i, j, differ = 0;
                    for (i = 0; i < M; i++)
                        for (j = 0; j < N; j++)
                            A[i][j] = sin(0.37 * i + 1.3 * j) / (1.0 + j);
                    for (j = 0; j < N; j++) {
                        x[j] = cos(0.11 * j);
                        yb[j] = 1.0;
                    }
                    atax(M, N, A, x, y, tmp0);
                    atax_b(M, N, A, Ab, x, xb, y, yb, tmp, tmpb);
                    for (i = 0; i < M; i++)
                        differ += tmp[i] != tmp0[i];
                    printf("differ %d\\n", differ);
                    return differ != 0;
                }
                """);
        Path exe = Gcc.build(dir, "bits", List.of(main), "-O2", "-ffp-contract=off", "-Wno-unknown-pragmas");
        for (String threads : new String[] {"1", "2"}) {
            Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", threads), 60);
            assertEquals("differ 0", r.output().strip(), r.output() + "\n" + b);
        }
    }

    @Test
    void aSumWhoseRangeTheIterationSetsIsLeftAsItIs() {
        String b = adjoint(ATAX.replaceFirst("j < n; j\\+\\+\\)", "j < i + 1; j++)"), "atax");
        assertFalse(b.contains("+= 8)"), b);
    }
}
