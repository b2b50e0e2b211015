package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/**
 * One pass over a row where the adjoint can make one: the inner loops of a parallel loop's
 * iteration that walk the same row fuse when every lane keeps to its own elements
 * ({@code FusedLanes}), and their increments of one element merge into one update. bicg's
 * adjoint then reads each row of {@code A} and {@code Ab} once; a loop whose lane j reads what
 * lane m - 1 - j of the other adds stays apart. Every adjoint passes the checks at 1, 2 and 4
 * threads.
 */
class RowPassesTest {

    /** Writes {@code src}, differentiates and checks it; returns the adjoint. */
    private static String adjointChecked(String name, String src, String... sizes) throws IOException {
        return CheckedAdjoint.of(name, src, sizes);
    }

    /** Whether one loop over j (the text from one {@code for (j = } to the next) holds both parts. */
    private static boolean onePass(String adjoint, String a, String b) {
        for (String loop : adjoint.split("for \\(j = ")) {
            if (loop.contains(a) && loop.contains(b)) {
                return true;
            }
        }
        return false;
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void bicgAdjointReadsEachRowOnce() throws IOException {
        // the reverse benchmark's kernel
        String b = adjointChecked("bicg", Repo.text("benchmarks/reverse/kernels/bicg.c"), "m=7", "n=9");
        assertEquals(1, occurrences(b, "#pragma omp for"), b);
        assertTrue(b.contains("Ab[i][j] += p[j] * qb[i] + r[i] * sb[j];"), b);
        assertTrue(onePass(b, "pa_pb[j] +=", "A[i][j] * sb[j]"), b);
    }

    @Test
    void innerLoopsFuseOnlyWhenEveryLaneKeepsToItsElements() throws IOException {
        for (String k : List.of("j", "m - 1 - j")) {
            String b = adjointChecked("lanes", """
                    void lanes(int n, int m, const double A[n][m], const double x[m], const double w[m],
                               double y[n][m], double z[n][m])
                    {
                        int i, j;
                    #pragma ad gradient(z : A, x)
                    #pragma omp parallel for private(i, j)
                        for (i = 0; i < n; i++) {
                            for (j = 0; j < m; j++)
                                y[i][j] = A[i][j] * x[j];
                            for (j = 0; j < m; j++)
                                z[i][j] = y[i][%s] * w[j];
                        }
                    }
                    """.formatted(k), "n=6", "m=5");
            assertEquals(k.equals("j"), onePass(b, "] += w[j] * zb[i][j]", "Ab[i][j] +="), k + "\n" + b);
        }
    }
}
