package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * PolyBench's trmm ({@code B = alpha A' B}, the loop over the columns parallel inside the loop
 * over the rows): in the adjoint the increments of {@code Bb[k][j]} for {@code k > i} never reach
 * {@code Bb[i][j]}, so no temporary is needed and the nest is plain increments that run in
 * parallel over the rows k they increment, with no atomics; and no later row reads a row an
 * earlier one wrote, so the primal's sweep and its tape are not needed (every value the adjoint
 * reads is the one the function was called with). When the inner loop starts at {@code k = i},
 * the element is among those incremented and row i is read after it is written: the temporary,
 * the primal's order, the forward sweep and its tape stay. Both pass the checks at 1, 2 and 4
 * threads.
 */
class TriangularAdjointsTest {

    private static String trmm(String firstRow) {
        return """
                void trmm(int m, int n, double alpha, const double A[m][m], double B[m][n])
                {
                    int i, j, k;
                #pragma ad gradient(B : A, B)
                    for (i = 0; i < m; i++) {
                #pragma omp parallel for private(j, k)
                        for (j = 0; j < n; j++) {
                            for (k = %s; k < m; k++)
                                B[i][j] = B[i][j] + A[k][i] * B[k][j];
                            B[i][j] = alpha * B[i][j];
                        }
                    }
                }
                """.formatted(firstRow);
    }

    /** Differentiates, checks at 1, 2 and 4 threads, and returns the adjoint and the messages. */
    private static String[] differentiateAndCheck(String src) throws IOException {
        Gcc.require();
        Path dir = ScratchDir.create("paradjoint-triangular");
        try {
            Path file = Files.writeString(dir.resolve("trmm.c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve("trmm_b.c"));
            CliRun check = CliRun.of("check", file.toString(), "--function", "trmm", "--set", "m=9", "--set", "n=7",
                    "--run", "--threads", "1,2,4");
            assertEquals(0, check.status, check + "\n" + adjoint);
            assertTrue(check.out.contains("threads: 4"), check.toString());
            return new String[] {adjoint, r.err};
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void trmmAdjointRunsOverTheRowsItIncrementsWithoutATape() throws IOException {
        String[] d = differentiateAndCheck(trmm("i + 1"));
        String b = d[0];
        assertFalse(b.contains("tempb"), b);
        assertFalse(b.contains("omp atomic"), b);
        assertFalse(b.contains("pa_push_d") || b.contains("pa_tape_init(pa_t)"), b);
        int nest = b.indexOf("for (k = m - 1; k >= i + 1; k--)");
        assertTrue(nest > 0 && b.lastIndexOf("#pragma omp parallel for", nest) > b.lastIndexOf("for (j", nest), b);
        assertTrue(b.contains("Ab[k][i] += pa_sum;"), b);
        assertTrue(d[1].contains("the adjoint loops over j and k are interchanged"), d[1]);
        assertFalse(d[1].contains("keeps omp atomic"), d[1]);
    }

    /** Each row reads the row before it, which the previous iteration wrote: the forward sweep runs and tapes. */
    @Test
    void aRowThatReadsThePreviousRowKeepsTheForwardSweep() throws IOException {
        String[] d = differentiateAndCheck("""
                void trmm(int m, int n, double alpha, const double A[m][m], double B[m][n])
                {
                    int i, j;
                #pragma ad gradient(B : A, B)
                    for (i = 1; i < m; i++) {
                #pragma omp parallel for private(j)
                        for (j = 0; j < n; j++)
                            B[i][j] = B[i][j] * B[i - 1][j] + alpha * A[i][i];
                    }
                }
                """);
        assertTrue(d[0].contains("pa_push_d") || d[0].contains("pa_put_d"), d[0]);
    }

    @Test
    void anInnerLoopThatReachesTheRowKeepsTheTemporaryAndTheTape() throws IOException {
        String[] d = differentiateAndCheck(trmm("i"));
        assertTrue(d[0].contains("tempb"), d[0]);
        assertTrue(d[0].contains("pa_push_d"), d[0]);
        assertFalse(d[1].contains("interchanged"), d[1]);
    }
}
