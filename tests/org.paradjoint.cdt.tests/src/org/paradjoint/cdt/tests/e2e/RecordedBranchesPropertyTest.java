package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckSpecParser;
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
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    static final List<String> COMPARISONS = List.of("<", "<=", ">", ">=");
    /** What the element is compared with (always reading y, an independent): never a side below, so no two values tie. */
    static final List<String> OTHERS = List.of("y[j]", "0.5 - y[j]", "x[i][m - 1 - j] + 0.1 * y[j]",
            "0.25 * x[i][m - 1 - j] + y[j]", "x[i][t % m] + 0.5 * y[j]", "0.5 * x[i][t % m] - y[j]");
    static final List<String> SIDES = List.of("x[i][j]", "0.9 * x[i][j]", "x[i][j] + 0.25 * y[j]",
            "0.5 * x[i][j] * y[j]", "sin(x[i][j])", "y[j] - 0.3");

    record Kernel(String name, String source, String options) {
    }

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
        String only = System.getProperty("paradjoint.branches.seed");
        Random r = new Random(only == null || only.isBlank() ? BASE_SEED : Long.parseLong(only.trim()));
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("rb" + k, r));
        }
        return out;
    }

    @Test
    void derivativesOfRandomRecordedBranchesPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        StringBuilder source = new StringBuilder("#include <math.h>\n\n");
        Map<String, Kernel> byName = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            source.append(k.source()).append('\n');
            byName.put(k.name(), k);
        }
        String base = "branches";
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, source.toString(), fn -> {
            Kernel k = byName.get(fn);
            return k == null ? null : CheckSpecParser.parse(List.of(k.options().split("\\s+")));
        });
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        // the property is about recorded directions: every kernel's adjoint records them
        String adjoint = Files.readString(built.dir().resolve(base + "_b.c"));
        for (Kernel k : kernels) {
            String fn = adjoint.substring(adjoint.indexOf("void " + k.name() + "_b("));
            assertTrue(fn.substring(0, fn.indexOf("\n}\n")).contains("pa_reserve_flags("), fn);
        }
        if (System.getProperty("paradjoint.branches.seed") == null) {
            // the default seed draws kernels whose forward run splits at the pinned column
            assertTrue(adjoint.contains("pa_x_el = x[i][t % m];"), adjoint);
        }
        List<String> problems = CheckPipeline.failuresOnThreads(built, kernels.stream().map(Kernel::name).toList(),
                new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, f -> " (" + byName.get(f).options() + ")\n" + byName.get(f).source());
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n"
                    + String.join("\n", problems.subList(0, Math.min(6, problems.size()))));
        }
    }
}
