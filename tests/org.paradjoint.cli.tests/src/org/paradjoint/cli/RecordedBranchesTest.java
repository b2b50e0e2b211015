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
 * Branch directions recorded by the forward run of a parallel loop (core {@code BranchRecords}):
 * Floyd-Warshall's {@code path[i][j] = path[i][j] <= path[i][k] + path[k][j] ? ...} needs only
 * which side each element took, so its adjoint keeps one bit per element and step instead of the
 * whole of {@code path} per step (and no iteration replays its writes on a tape of its own). The
 * bits of a loop whose iterations take one each are written and read a word at a time (the reverse
 * sweep visiting only the bits of the branch it has work for); sizes
 * below, across and on a word boundary (5, 37, 64, 70) pass the derivative checks at 1, 2 and 4
 * threads, and so do the forms that take the other paths: an {@code if}, two recorded branches
 * in one iteration (a bit each, set and read one at a time, beside a replayed array), and a
 * triangular inner loop, whose bits have no fixed place (the saves stay).
 */
class RecordedBranchesTest {

    /**
     * Differentiates {@code src} (function {@code fn}), checks it at each size of {@code n}, and
     * returns the adjoint function and the messages.
     */
    private static String[] differentiateAndCheck(String fn, String src, String... sizes) throws IOException {
        Gcc.require();
        Path dir = ScratchDir.create("paradjoint-branches");
        try {
            Path file = Files.writeString(dir.resolve(fn + ".c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve(fn + "_b.c"));
            for (String n : sizes) {
                // positive distances: row k does not change in step k, so the primal is deterministic
                List<String> args = new ArrayList<>(List.of("check", file.toString(), "--function", fn, "--set",
                        "n=" + n, "--range", "0.1:1", "--run", "--threads", "1,2,4"));
                CliRun check = CliRun.of(args.toArray(String[]::new));
                assertEquals(0, check.status, "n=" + n + "\n" + check + "\n" + adjoint);
                assertTrue(check.out.contains("threads: 4"), check.toString());
            }
            // the function only: the runtime before it defines every helper
            return new String[] {adjoint.substring(adjoint.indexOf("void " + fn + "_b(")), r.err};
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void floydWarshallKeepsOneBitPerElementAndStep() throws IOException {
        String[] d = differentiateAndCheck("floyd", Repo.text("benchmarks/reverse/kernels/floyd.c"), "5", "37", "64",
                "70");
        String b = d[0];
        assertTrue(b.contains("pa_reserve_flags(pa_t,") && b.contains("pa_put_flag_word(") && b.contains(
                "pa_get_flag_word("), b);
        // no copy of path, no tape per adjoint iteration
        assertFalse(b.contains("pa_reserve_d") || b.contains("pa_push_d") || b.contains("pa_tl"), b);
        // the forward run reads path[i][k] from a local, except in iteration j = k, which may rewrite it
        assertTrue(b.contains("pa_path_el = path[i][k];") && b.contains("pa_path_el + path[k][j]"), b);
        assertTrue(b.contains("if (k >= 64 * pa_w && k < pa_je) {"), b);
        // only the elements that took the sum are visited, from the highest bit of a word down,
        // each bit taken from the word
        assertTrue(b.contains("pa_fw = pa_bits_with(pa_get_flag_word(") && b.contains("while (pa_fw != 0ULL) {")
                && b.contains("j = 64 * pa_w + pa_take_highest_bit(&pa_fw);"), b);
        // pathb[i][k] sums in a register over the row, added before the visit of j = k reads it
        assertTrue(b.replaceAll("\\s+", " ").contains(
                "if (j == k) { pathb[i][k] += pa_sum; pa_sum = 0.0; } tempb0 = pathb[i][j];"), b);
        // the primal still races on row k: the adjoint protects every update of pathb, warned
        assertTrue(b.contains("#pragma omp atomic read"), b);
        assertTrue(d[1].contains("the primal loop is not proven race-free"), d[1]);
    }

    @Test
    void anIfTakesTheSamePath() throws IOException {
        String[] d = differentiateAndCheck("relax", """
                void relax(int n, double path[n][n])
                {
                    int i, j, k;
                #pragma ad gradient(path : path)
                    for (k = 0; k < n; k++) {
                #pragma omp parallel for private(j)
                        for (i = 0; i < n; i++)
                            for (j = 0; j < n; j++)
                                if (path[i][k] + path[k][j] < path[i][j])
                                    path[i][j] = path[i][k] + path[k][j];
                    }
                }
                """, "7", "33");
        assertTrue(d[0].contains("pa_put_flag_word(") && d[0].contains("pa_bits_with("), d[0]);
        assertFalse(d[0].contains("pa_push_d") || d[0].contains("pa_reserve_d"), d[0]);
    }

    /**
     * Two recorded branches in each iteration of the inner loop: their bits are set and read one
     * at a time; the first branch's product still needs the old {@code x}, which stays saved.
     */
    @Test
    void twoBranchesPerElementTakeABitEach() throws IOException {
        String[] d = differentiateAndCheck("two", """
                void two(int n, const double y[n], double x[n][n], double z[n][n])
                {
                    int i, j, t;
                #pragma ad gradient(x, z : x, y, z)
                    for (t = 0; t < 3; t++) {
                #pragma omp parallel for private(j)
                        for (i = 0; i < n; i++)
                            for (j = 0; j < n; j++) {
                                x[i][j] = x[i][j] < y[j] ? x[i][j] * y[j] : x[i][j] - 0.5 * y[j];
                                z[i][j] = x[i][j] > 0.1 ? z[i][j] * 0.9 : z[i][j] + x[i][j];
                            }
                    }
                }
                """, "6", "40");
        assertTrue(d[0].contains("pa_put_flag(") && d[0].contains("pa_get_flag("), d[0]);
        assertFalse(d[0].contains("pa_put_flag_word("), d[0]);
    }

    /** The inner loop's trip count varies with the row: no fixed place for the bits, so the saves stay. */
    @Test
    void aTriangularInnerLoopKeepsTheSaves() throws IOException {
        String[] d = differentiateAndCheck("tri", """
                void tri(int n, double path[n][n])
                {
                    int i, j, k;
                #pragma ad gradient(path : path)
                    for (k = 0; k < n; k++) {
                #pragma omp parallel for private(j)
                        for (i = 0; i < n; i++)
                            for (j = 0; j < i; j++)
                                path[i][j] = path[i][j] <= path[i][k] + path[k][j] ? path[i][j]
                                                                                   : path[i][k] + path[k][j];
                    }
                }
                """, "9");
        assertFalse(d[0].contains("pa_reserve_flags"), d[0]);
        assertTrue(d[0].contains("pa_put_d") || d[0].contains("pa_push_d"), d[0]);
    }
}
