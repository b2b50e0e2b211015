package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A parallel loop whose inner loop walks a column of a row-major array runs in blocks of 64
 * rows' elements (core {@code ColumnWalks}), with the parallel nest before it that sets the walked
 * array fused in: gemver's forward sweep reads {@code A} once, by rows. The adjoint passes the
 * derivative checks at 1, 2 and 4 threads at sizes below, at and across a block's 64; the
 * forward sweep computes the primal's {@code A} and {@code x} bit for bit (compiled without
 * contracting multiply-adds, so that only the order of the additions could differ); a loop that
 * walks rows is left as it is.
 */
class ColumnWalksTest {

    private Path dir;

    @BeforeEach
    void scratch() {
        dir = ScratchDir.create("paradjoint-columns");
    }

    @AfterEach
    void delete() {
        ScratchDir.delete(dir);
    }

    private String adjoint(String name, String source) throws IOException {
        Path file = Files.writeString(dir.resolve(name + ".c"), source);
        CliRun r = CliRun.of("differentiate", file.toString());
        assertEquals(0, r.status, r.toString());
        String text = Files.readString(dir.resolve(name + "_b.c"));
        return text.substring(text.indexOf("void " + name + "_b("));
    }

    @Test
    void gemversColumnWalkRunsInBlocksWithTheUpdateOfAFusedIn() throws IOException {
        Gcc.require();
        String b = adjoint("gemver", Repo.text("benchmarks/reverse/kernels/gemver.c"));
        assertTrue(b.contains("for (pa_ib = 0; pa_ib < n; pa_ib += 64) {"), b);
        assertTrue(b.contains("""
                            for (i = pa_ib; i < (pa_ib + 64 < n ? pa_ib + 64 : n); i++) {
                                A[j][i] = A[j][i] + u1[j] * v1[i] + u2[j] * v2[i];
                                pa_sum_v[i - pa_ib] = pa_sum_v[i - pa_ib] + beta * A[j][i] * y[j];
                """), b);
        // the update of A is not a loop of its own any more
        assertFalse(b.contains("A[i][j] = A[i][j] + u1[i] * v1[j]"), b);
        for (String n : List.of("1", "63", "64", "65", "130")) {
            CliRun check = CliRun.of("check", dir.resolve("gemver.c").toString(), "--function", "gemver", "--set",
                    "n=" + n, "--run", "--threads", "1,2,4");
            assertEquals(0, check.status, "n=" + n + "\n" + check);
            assertTrue(check.out.contains("threads: 4"), check.toString());
        }
    }

    @Test
    void theForwardSweepComputesThePrimalsValuesBitForBit() throws IOException {
        Gcc.require();
        Files.writeString(dir.resolve("gemver.c"), Repo.text("benchmarks/reverse/kernels/gemver.c"));
        adjoint("gemver", Repo.text("benchmarks/reverse/kernels/gemver.c"));
        Path main = Files.writeString(dir.resolve("main.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include "gemver.c"
                #include "gemver_b.c"

                static double *filled(int n, unsigned seed)
                {
                    double *v = (double *) malloc((size_t) n * sizeof(double));
                    for (int k = 0; k < n; k++) {
                        seed = seed * 1103515245u + 12345u;
                        v[k] = (double) (seed >> 8) / 16777216.0 - 0.3;
                    }
                    return v;
                }

                int main(void)
                {
                    int sizes[] = {1, 67, 130}, bad = 0;
                    for (int s = 0; s < 3; s++) {
                        int n = sizes[s];
                        double *A = filled(n * n, 1u), *A2 = filled(n * n, 1u), *Ab = filled(n * n, 2u);
                        double *x = filled(n, 3u), *x2 = filled(n, 3u), *w = filled(n, 4u), *w2 = filled(n, 4u);
                        double *in[6], *adj[9];
                        for (int k = 0; k < 6; k++) in[k] = filled(n, 10u + (unsigned) k);
                        for (int k = 0; k < 9; k++) adj[k] = filled(n, 20u + (unsigned) k);
                        gemver(n, 1.5, 1.2, (double (*)[n]) A, in[0], in[1], in[2], in[3], w, x, in[4], in[5]);
                        gemver_b(n, 1.5, 1.2, (double (*)[n]) A2, (double (*)[n]) Ab, in[0], adj[0], in[1], adj[1],
                                 in[2], adj[2], in[3], adj[3], w2, adj[4], x2, adj[5], in[4], adj[6], in[5], adj[7]);
                        bad += memcmp(A, A2, (size_t) n * n * sizeof(double)) != 0;
                        bad += memcmp(x, x2, (size_t) n * sizeof(double)) != 0;
                    }
                    printf("differing %d\\n", bad);
                    return 0;
                }
                """);
        Path exe = Gcc.link(dir, "bitwise", List.of(Gcc.object(main, List.of("-O3", "-fopenmp", "-ffp-contract=off",
                "-Wno-unknown-pragmas"))));
        for (String threads : List.of("1", "2")) {
            Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", threads), 60);
            assertTrue(r.ok(), r.output());
            assertEquals("differing 0", r.output().strip(), r.output());
        }
    }

    @Test
    void aLoopWalkingRowsIsLeftAsItIs() throws IOException {
        String b = adjoint("rows", """
                #pragma ad gradient(y : A, x)
                void rows(int n, const double A[n][n], const double x[n], double y[n])
                {
                    int i, j;
                #pragma omp parallel for private(j)
                    for (i = 0; i < n; i++) {
                        y[i] = 0.0;
                        for (j = 0; j < n; j++)
                            y[i] = y[i] + A[i][j] * x[j] * x[j];
                    }
                }
                """);
        assertFalse(b.contains("pa_ib"), b);
    }
}
