package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The reset of an overwritten array's adjoint folded into the gather after it (core
 * {@code FoldedResets}): in a time loop {@code B = f(A); A = g(B)} the adjoint resets the interior
 * of {@code Ab} and the next half step's gather then increments every point of it; the gather's
 * central part sets instead and the reset skips that part (one pass over the interior, not two).
 * The reset of {@code Bb} ends a time step and the gather into it begins the next one: it moves
 * into that gather from the second step on (whose central part then sets {@code Bb}) and runs whole
 * after the last step. Sizes where the central part is empty (n = 3, its guards false: the whole
 * reset runs), just there (n = 4) and larger, with 1, 2 and 3 time steps, pass the derivative
 * checks at 1, 2 and 4 threads, in 1, 2 and 3 dimensions.
 */
class FoldedResetsTest {

    private static String adjointChecked(String fn, String src, List<String> sets) throws IOException {
        Gcc.require();
        Path dir = ScratchDir.create("paradjoint-folded");
        try {
            Path file = Files.writeString(dir.resolve(fn + ".c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve(fn + "_b.c"));
            for (String set : sets) {
                List<String> args = new ArrayList<>(List.of("check", file.toString(), "--function", fn));
                for (String s : set.split(" ")) {
                    args.add("--set");
                    args.add(s);
                }
                args.addAll(List.of("--run", "--threads", "1,2,4"));
                CliRun check = CliRun.of(args.toArray(String[]::new));
                assertEquals(0, check.status, set + "\n" + check + "\n" + adjoint);
                assertTrue(check.out.contains("threads: 4"), check.toString());
            }
            return adjoint.substring(adjoint.indexOf("void " + fn + "_b("));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void jacobi2dSetsTheInteriorInItsGather() throws IOException {
        String b = adjointChecked("jacobi2d", Repo.text("benchmarks/reverse/kernels/jacobi2d.c"),
                List.of("n=3 tsteps=2", "n=4 tsteps=2", "n=9 tsteps=3", "n=6 tsteps=1"));
        assertTrue(b.contains("Ab[i][j] = 0.2 * Bb[i][j] + 0.2 * Bb[i][j + 1]"), b);
        // the reset of Bb ends a time step and the gather into it starts the next: folded from the
        // second step on, whole after the last
        assertTrue(b.contains("Bb[i][j] = (t != tsteps - 1 ? 0.0 : Bb[i][j]) + (0.2 * Ab[i][j] + 0.2 * Ab[i][j + 1]"),
                b);
        assertTrue(b.contains("if (t == 0) {"), b);
        // the reset skips the part the gather sets, under the gather's guards
        assertTrue(b.contains("if (i >= 2 && i <= n - 3) {"), b);
    }

    @Test
    void heat3dSetsTheInteriorInItsGather() throws IOException {
        String b = adjointChecked("heat3d", Repo.text("benchmarks/reverse/kernels/heat3d.c"),
                List.of("n=3 tsteps=1", "n=5 tsteps=2", "n=4 tsteps=3", "n=6 tsteps=2"));
        assertTrue(b.contains("Ab[i][j][k] = 0.125 * Bb[i - 1][j][k] + 0.25 * Bb[i][j][k]"), b);
        assertTrue(b.contains("Bb[i][j][k] = (t != tsteps ? 0.0 : Bb[i][j][k]) + (0.125 * Ab[i - 1][j][k]"), b);
        assertFalse(b.contains("Ab[i][j][k] += 0.125 * Bb[i - 1][j][k] + 0.25 * Bb[i][j][k] + 0.125 * Bb[i + 1][j][k]"
                + " + 0.125 * Bb[i][j - 1][k] + 0.125 * Bb[i][j + 1][k] + 0.125 * Bb[i][j][k - 1]"), b);
    }

    @Test
    void aOneDimensionalResetKeepsOnlyItsEnds() throws IOException {
        String b = adjointChecked("jacobi1d", """
                void jacobi1d(int tsteps, int n, double A[n], double B[n])
                {
                    int t, i;
                #pragma ad gradient(A, B : A, B)
                    for (t = 0; t < tsteps; t++) {
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
                #pragma omp parallel for
                        for (i = 1; i < n - 1; i++)
                            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
                    }
                }
                """, List.of("n=3 tsteps=2", "n=4 tsteps=1", "n=11 tsteps=3"));
        assertTrue(b.contains("Ab[i] = 0.33333 * Bb[i + 1] + 0.33333 * Bb[i] + 0.33333 * Bb[i - 1];"), b);
        // the reset keeps the two ends the central part does not cover
        assertTrue(b.contains("for (i = 1; i <= 1; i++) {") && b.contains("for (i = n - 2; i <= n - 2; i++) {"), b);
    }
}
