package org.paradjoint.cdt.tests.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.tests.e2e.SeededKernels.Kernel;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random kernels with the control flow the front-end lowers onto counted loops and
 * flags ({@code while} and {@code do}-{@code while} loops whose trip count depends on active
 * data, {@code while (1)} left by {@code break}, {@code continue} in sequential and parallel
 * loops, a {@code break} out of a {@code for}, nested loops, an early {@code return}) pass the
 * dot-product and finite-difference tests at 1 and 2 threads. Each kernel draws its loop shape,
 * the functions it accumulates, its limits and conditions at random.
 * <p>
 * Reproduce: {@code -Dparadjoint.controlflow.seed=SEED}.
 */
class ControlFlowPropertyTest {

    static final int KERNELS = 36;
    static final long BASE_SEED = 20_261_127L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    static final List<String> FUNCTIONS = List.of("sin(#)", "# * #", "exp(0.3 * #)", "# / (1.0 + # * #)",
            "sqrt(2.0 + #)");
    static final List<String> CONDITIONS = List.of("# > 0.8", "# < 1.1", "# > 0.3 && # < 1.4");
    static final List<String> LIMITS = List.of("1.5", "3.0", "1.0e9");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-controlflow");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static String f(Random r, String v) {
        return FUNCTIONS.get(r.nextInt(FUNCTIONS.size())).replace("#", v);
    }

    private static String cond(Random r, String v) {
        return CONDITIONS.get(r.nextInt(CONDITIONS.size())).replace("#", v);
    }

    private static String limit(Random r) {
        return LIMITS.get(r.nextInt(LIMITS.size()));
    }

    /** The loop of one kernel: it reads x, accumulates into s and counts in it. */
    static String loop(int shape, Random r) {
        return switch (shape) {
        case 0 -> "    while (it < n && s < " + limit(r) + ") {\n"
                + "        s = s + " + f(r, "x[it]") + ";\n"
                + "        it++;\n"
                + "    }\n";
        case 1 -> "    do {\n"
                + "        s = 0.5 * s + " + f(r, "x[it]") + ";\n"
                + "        it++;\n"
                + "    } while (it < n && s < " + limit(r) + ");\n";
        case 2 -> "    for (int i = 0; i < n; i++) {\n"
                + "        if (" + cond(r, "x[i]") + ")\n"
                + "            continue;\n"
                + "        s = s + " + f(r, "x[i]") + ";\n"
                + "        it = i;\n"
                + "        if (s > " + limit(r) + ")\n"
                + "            break;\n"
                + "    }\n";
        case 3 -> "    while (1) {\n"
                + "        if (it >= n)\n"
                + "            break;\n"
                + "        double v = x[it];\n"
                + "        it++;\n"
                + "        if (" + cond(r, "v") + ")\n"
                + "            continue;\n"
                + "        s = s * 0.5 + " + f(r, "v") + ";\n"
                + "    }\n";
        case 4 -> "    for (int i = 0; i < n; i++) {\n"
                + "        int k = 0;\n"
                + "        while (k < 3 && s < " + limit(r) + ") {\n"
                + "            s = s + 0.1 * " + f(r, "x[i]") + ";\n"
                + "            k++;\n"
                + "        }\n"
                + "        it += k;\n"
                + "    }\n";
        default -> "#pragma omp parallel for reduction(+: s)\n"
                + "    for (int i = 0; i < n; i++) {\n"
                + "        if (" + cond(r, "x[i]") + ")\n"
                + "            continue;\n"
                + "        s += " + f(r, "x[i]") + ";\n"
                + "    }\n";
        };
    }

    static Kernel kernel(String name, int shape, Random r) {
        String init = List.of("0.0", "x[0]", "0.5 * x[1]").get(r.nextInt(3));
        String early = r.nextInt(3) == 0
                ? "    if (x[0] > " + List.of("0.9", "10.0").get(r.nextInt(2)) + ") {\n"
                        + "        y[0] = x[0] * x[1];\n"
                        + "        y[1] = 0.0;\n"
                        + "        return;\n"
                        + "    }\n"
                : "";
        String source = "#pragma ad gradient(y : x)\n"
                + "void " + name + "(int n, const double *x, double *y)\n"
                + "{\n"
                + "    double s = " + init + ";\n"
                + "    int it = 0;\n"
                + early
                + loop(shape, r)
                + "    y[0] = s * s + x[0];\n"
                + "    y[1] = (double) it * s;\n"
                + "}\n";
        return new Kernel(name, source, "--set n=" + (3 + r.nextInt(20)) + " --extent y=2 --extent x=n");
    }

    static List<Kernel> kernels() {
        Random r = SeededKernels.random("paradjoint.controlflow.seed", BASE_SEED);
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("cf" + k, k % 6, r));
        }
        return out;
    }

    @Test
    void derivativesOfRandomControlFlowPassTheChecks() throws IOException {
        SeededKernels.build(work, "controlflow", "#include <math.h>\n\n", kernels())
                .check(new int[] {1, 2}, DOT_TOLERANCE, FD_TOLERANCE, false);
    }
}
