package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
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
    record Kernel(String name, String source, String options) {
    }

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
        String only = System.getProperty("paradjoint.minmax.seed");
        long seed = only == null || only.isBlank() ? BASE_SEED : Long.parseLong(only.trim());
        Random r = new Random(seed);
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("mm" + k, r));
        }
        return out;
    }

    @Test
    void derivativesOfRandomMaxMinReductionsPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        StringBuilder source = new StringBuilder("#include <math.h>\n\n");
        Map<String, Kernel> byName = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            source.append(k.source()).append('\n');
            byName.put(k.name(), k);
        }
        String base = "minmax";
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, source.toString(), fn -> {
            Kernel k = byName.get(fn);
            return k == null ? null : spec(k.options());
        });
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        List<String> problems = CheckPipeline.failuresOnThreads(built, kernels.stream().map(Kernel::name).toList(),
                new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, f -> " (" + byName.get(f).options() + ")\n" + byName.get(f).source());
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n" + String.join("\n", problems.subList(0,
                    Math.min(6, problems.size()))) + "\n" + CheckPipeline.files(built, base, 120));
        }
    }

    private static CheckSpec spec(String options) {
        return CheckSpecParser.parse(List.of(options.split("\\s+")));
    }
}
