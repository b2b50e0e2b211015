package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.tests.e2e.SeededKernels.Kernel;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random parallel loops whose branches read the array the loop overwrites (so that
 * their directions are recorded by the forward run, one bit each: core {@code BranchRecords}),
 * inside a sequential time loop, pass the dot-product and finite-difference tests at 1, 2 and 4
 * threads. Each kernel draws the form of its branches ({@code t = c ? a : b}, an {@code if} with
 * or without {@code else}), their comparisons and sides, whether a second branch follows (two
 * bits per element, set one at a time), the number of steps and the sizes: rows of 1 to 134
 * elements, below, across and on the 64 bits of a word. Some comparisons read {@code x[i][t % m]},
 * an element of the row the loop rewrites at one column only: a kernel with one such branch reads
 * it from a local outside that column ({@code PinnedReads}). Every iteration writes only its own
 * row, so the primal is deterministic.
 * <p>
 * Reproduce: {@code -Dparadjoint.branches.seed=SEED}.
 */
class RecordedBranchesPropertyTest {

    static final int KERNELS = 24;
    static final long BASE_SEED = 202_611_271L;
    static final String SEED = "paradjoint.branches.seed";
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    static final List<String> COMPARISONS = List.of("<", "<=", ">", ">=");
    /** What the element is compared with (always reading y, an independent): never a side below, so no two values tie. */
    static final List<String> OTHERS = List.of("y[j]", "0.5 - y[j]", "x[i][m - 1 - j] + 0.1 * y[j]",
            "0.25 * x[i][m - 1 - j] + y[j]", "x[i][t % m] + 0.5 * y[j]", "0.5 * x[i][t % m] - y[j]");
    static final List<String> SIDES = List.of("x[i][j]", "0.9 * x[i][j]", "x[i][j] + 0.25 * y[j]",
            "0.5 * x[i][j] * y[j]", "sin(x[i][j])", "y[j] - 0.3");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-branches");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static String pick(Random r, List<String> from) {
        return from.get(r.nextInt(from.size()));
    }

    /** One branch on {@code x[i][j]} (a conditional assignment or an {@code if}), in the inner loop. */
    static String branch(Random r) {
        String cond = "x[i][j] " + pick(r, COMPARISONS) + " " + pick(r, OTHERS);
        return switch (r.nextInt(3)) {
            case 0 -> "                x[i][j] = " + cond + " ? " + pick(r, SIDES) + " : " + pick(r, SIDES) + ";\n";
            case 1 -> "                if (" + cond + ")\n"
                    + "                    x[i][j] = " + pick(r, SIDES) + ";\n";
            default -> "                if (" + cond + ")\n"
                    + "                    x[i][j] = " + pick(r, SIDES) + ";\n"
                    + "                else\n"
                    + "                    x[i][j] = " + pick(r, SIDES) + ";\n";
        };
    }

    static Kernel kernel(String name, Random r) {
        String body = branch(r) + (r.nextInt(3) == 0 ? branch(r) : "");
        String source = "#pragma ad gradient(x : x, y)\n"
                + "void " + name + "(int n, int m, double x[n][m], const double y[m])\n"
                + "{\n"
                + "    int t, i, j;\n"
                + "    for (t = 0; t < " + (1 + r.nextInt(3)) + "; t++) {\n"
                + "#pragma omp parallel for private(j)\n"
                + "        for (i = 0; i < n; i++)\n"
                + "            for (j = 0; j < m; j++) {\n"
                + body
                + "            }\n"
                + "    }\n"
                + "}\n";
        int m = List.of(1 + r.nextInt(63), 64, 65 + r.nextInt(70)).get(r.nextInt(3));
        return new Kernel(name, source, "--set n=" + (1 + r.nextInt(6)) + " --set m=" + m);
    }

    static List<Kernel> kernels() {
        return SeededKernels.draw(SEED, BASE_SEED, KERNELS, "rb", RecordedBranchesPropertyTest::kernel);
    }

    @Test
    void derivativesOfRandomRecordedBranchesPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        SeededKernels.Built built = SeededKernels.build(work, "branches", "#include <math.h>\n\n", kernels);
        // the property is about recorded directions: every kernel's adjoint records them
        for (Kernel k : kernels) {
            assertTrue(built.adjointOf(k).contains("pa_reserve_flags("), built.adjointOf(k));
        }
        if (SeededKernels.baseSeed(SEED)) {
            // the base seed draws kernels whose forward run splits at the pinned column
            assertTrue(built.adjoint().contains("pa_x_el = x[i][t % m];"), built.adjoint());
        }
        built.check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, false);
    }
}
