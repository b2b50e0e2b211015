package org.paradjoint.cdt.tests.e2e;

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
 * Property: random {@code reduction(max|min)} loops of active values (every form the front-end
 * reads: {@code fmax(m, e)}, {@code fmax(e, m)}, {@code if (e > m) m = e}, {@code if (m < e)},
 * {@code >=}, and the {@code min} mirrors; initial values that win and that lose; values that
 * invite a compiler to contract a multiply-add; static and dynamic schedules) pass the
 * dot-product and finite-difference tests at 1, 2 and 4 threads. The derivative is right only
 * if the winning iteration is found, so this is the numerical test of the winner search.
 * <p>
 * Reproduce: {@code -Dparadjoint.minmax.seed=SEED} generates the kernels of that seed.
 */
class MinMaxReductionsPropertyTest {

    static final int KERNELS = 40;
    static final long BASE_SEED = 20_261_126L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    /** Values over {@code x[i]}, {@code x[i + 1]}, {@code x[i + 2]} (the loop stops at {@code n - 2}). */
    static final List<String> VALUES = List.of(
            "x[i] * x[i + 1] + 0.3 * x[i]",
            "sin(3.0 * x[i]) + x[i] * x[i]",
            "fabs(x[i] - 2.0 * x[i + 1] + x[i + 2])",
            "x[i] / (1.0 + x[i + 1] * x[i + 1])",
            "exp(0.3 * x[i]) - x[i] * x[i + 2]",
            "x[i + 2] * x[i + 2] * x[i] + x[i + 1]");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-minmax");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    /** One kernel's C text and the check options it needs. */
    static Kernel kernel(String name, Random r) {
        boolean max = r.nextBoolean();
        String op = max ? "max" : "min";
        String e = VALUES.get(r.nextInt(VALUES.size()));
        String initial = switch (r.nextInt(4)) {
            case 0 -> max ? "-1.0e300" : "1.0e300"; // every iteration beats it
            case 1 -> "x[0] * x[1]"; // active, may win or lose
            case 2 -> max ? "20.0 + x[0]" : "-20.0 - x[0]"; // active, always wins
            default -> max ? "-5.0" : "50.0"; // passive, below (above) every value
        };
        String gt = max ? ">" : "<";
        String lt = max ? "<" : ">";
        String update = switch (r.nextInt(5)) {
            case 0 -> "m = f" + op + "(m, " + e + ");";
            case 1 -> "m = f" + op + "(" + e + ", m);";
            case 2 -> "if (" + e + " " + gt + " m)\n            m = " + e + ";";
            case 3 -> "if (m " + lt + " " + e + ")\n            m = " + e + ";";
            default -> "if (" + e + " " + gt + "= m)\n            m = " + e + ";";
        };
        String use = switch (r.nextInt(3)) {
            case 0 -> "m * m";
            case 1 -> "3.0 * m + x[1]";
            default -> "sin(m)";
        };
        String schedule = r.nextInt(3) == 0 ? " schedule(dynamic, 2)" : "";
        int lo = r.nextInt(2);
        String source = "#pragma ad gradient(r : x)\n"
                + "void " + name + "(int n, const double *x, double *r)\n"
                + "{\n"
                + "    double m = " + initial + ";\n"
                + "#pragma omp parallel for reduction(" + op + ": m)" + schedule + "\n"
                + "    for (int i = " + lo + "; i < n - 2; i++)\n"
                + "        " + update + "\n"
                + "    r[0] = " + use + ";\n"
                + "}\n";
        return new Kernel(name, source, "--set n=" + (5 + r.nextInt(60)) + " --extent r=1");
    }

    static List<Kernel> kernels() {
        return SeededKernels.draw("paradjoint.minmax.seed", BASE_SEED, KERNELS, "mm", MinMaxReductionsPropertyTest::kernel);
    }

    @Test
    void derivativesOfRandomMaxMinReductionsPassTheChecks() throws IOException {
        SeededKernels.build(work, "minmax", "#include <math.h>\n\n", kernels())
                .check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, true);
    }
}
