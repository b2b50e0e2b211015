package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.tests.e2e.SeededKernels.Kernel;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random parallel loops over rows whose inner loop reads the row it rewrites at one
 * column ({@code x[i][col]}, {@code col} an argument or the time step's {@code t % m}), so that
 * the adjoint increments {@code xb[i][col]} in every iteration and reads or writes it in one (core
 * {@code FlushedSums}: a private sum flushed before that iteration's touch), pass the dot-product
 * and finite-difference tests at 1, 2 and 4 threads. Each kernel draws two or three statements
 * (one or two updates of {@code x[i][j]} and one of an output {@code y[i][j]}, in any order, some
 * nonlinear),
 * the number of steps, the column and the sizes. Every iteration writes only its own row, so the
 * primal is deterministic.
 * <p>
 * Reproduce: {@code -Dparadjoint.flushed.seed=SEED}.
 */
class FlushedSumsPropertyTest {

    static final int KERNELS = 16;
    static final long BASE_SEED = 202_611_272L;
    static final String SEED = "paradjoint.flushed.seed";
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    /** Updates of the row element: each reads the pinned column {@code P}. */
    static final List<String> UPDATES = List.of("x[i][j] = x[i][j] * c[j] + P;", "x[i][j] = 0.5 * x[i][j] + P * P;",
            "x[i][j] = x[i][j] - 0.25 * sin(P);", "x[i][j] = P * x[i][j] + c[j];");
    /** Outputs reading the pinned column and the element. */
    static final List<String> OUTPUTS = List.of("y[i][j] = P * x[i][j];", "y[i][j] = y[i][j] + P * c[j];",
            "y[i][j] = x[i][j] + cos(P);");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-flushed");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static String pick(Random r, List<String> from) {
        return from.get(r.nextInt(from.size()));
    }

    static Kernel kernel(String name, Random r) {
        String pinned = r.nextBoolean() ? "x[i][col]" : "x[i][t % m]";
        List<String> stmts = new ArrayList<>();
        stmts.add(pick(r, UPDATES));
        stmts.add(r.nextInt(stmts.size() + 1), pick(r, OUTPUTS));
        if (r.nextInt(3) == 0) {
            stmts.add(r.nextInt(stmts.size() + 1), pick(r, UPDATES));
        }
        StringBuilder body = new StringBuilder();
        stmts.forEach(s -> body.append("                ").append(s.replace("P", pinned)).append('\n'));
        String source = "#pragma ad gradient(x, y : x, c)\n"
                + "void " + name + "(int n, int m, double x[n][m], double y[n][m], const double c[m], int col)\n"
                + "{\n"
                + "    int t, i, j;\n"
                + "    (void) c; /* drawn statements may leave c or col unread */\n"
                + "    (void) col;\n"
                + "    for (t = 0; t < " + (1 + r.nextInt(3)) + "; t++) {\n"
                + "#pragma omp parallel for private(j)\n"
                + "        for (i = 0; i < n; i++)\n"
                + "            for (j = 0; j < m; j++) {\n"
                + body
                + "            }\n"
                + "    }\n"
                + "}\n";
        int m = 1 + r.nextInt(12);
        return new Kernel(name, source, "--set n=" + (1 + r.nextInt(6)) + " --set m=" + m + " --set col="
                + r.nextInt(m));
    }

    static List<Kernel> kernels() {
        return SeededKernels.draw(SEED, BASE_SEED, KERNELS, "fs", FlushedSumsPropertyTest::kernel);
    }

    @Test
    void derivativesOfRandomFlushedSumsPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        // the race analysis proves each row the iteration's own: the increments unprotected, as summed
        SeededKernels.Built built = SeededKernels.build(work, "flushed", "#include <math.h>\n\n", kernels,
                GenerationSettings.defaults());
        if (SeededKernels.baseSeed(SEED)) {
            // the base seed draws kernels whose pinned adjoint sums with a flush
            assertTrue(built.adjoint().contains("if (j == col) {") && built.adjoint().contains("if (j == t % m) {"),
                    built.adjoint());
        }
        built.check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, false);
    }
}
