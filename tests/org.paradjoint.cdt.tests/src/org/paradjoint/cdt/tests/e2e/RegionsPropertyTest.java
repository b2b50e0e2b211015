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
 * Property: random OpenMP kernels built from the constructs whose rules the front-ends and
 * {@code ParallelRegion} read (parallel regions of worksharing loops with and without {@code
 * nowait}, {@code sections} of two or three sections, increments under {@code
 * omp_set_lock}/{@code omp_unset_lock}, {@code omp ordered} blocks of increments, {@code single}
 * blocks, barriers, worksharing loops whose ordered block is a recurrence; {@code parallel for}
 * loops with locks or ordered blocks, of increments or a recurrence (both loops split around the
 * block by {@code OrderedLoops}); {@code reduction(*)}
 * loops) pass the dot-product and finite-difference tests at 1, 2 and 4 threads, each generated
 * file compiled with {@code -Wall -Wextra -Werror -fopenmp}. The region lowering is checked
 * structurally by {@code RegionLoweringTest}; this is its numerical counterpart.
 * <p>
 * Reproduce: {@code -Dparadjoint.regions.seed=SEED} generates the kernels of that seed.
 */
class RegionsPropertyTest {

    static final int KERNELS = 30;
    static final long BASE_SEED = 20_261_127L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;
    /** Output arrays of {@code n} elements, one per piece of a kernel. */
    static final int PIECES = 4;

    /** Values of iteration {@code i} (the loops run over {@code 0 <= i < n}). */
    static final List<String> VALUES = List.of(
            "sin(x[i]) * x[i]",
            "x[i] * x[i] + 0.5",
            "exp(0.1 * x[i]) * x[(i + 1) % n]",
            "x[i] / (1.0 + x[i] * x[i])");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-regions");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    /** One kernel's C text and the check options it needs. */
    private static String value(Random r) {
        return VALUES.get(r.nextInt(VALUES.size()));
    }

    /** A piece of a region, writing only its own output array {@code o<k>} and {@code s[k]}. */
    private static String regionPiece(Random r, int k) {
        String o = "o" + k;
        return switch (r.nextInt(7)) {
            case 0 -> "#pragma omp for" + (r.nextBoolean() ? " schedule(dynamic, 3)" : "")
                    + (r.nextBoolean() ? " nowait" : "") + "\n"
                    + "        for (int i = 0; i < n; i++)\n            " + o + "[i] = " + value(r) + ";\n";
            case 1 -> sections(r, k, "#pragma omp sections" + (r.nextBoolean() ? " nowait" : ""));
            case 2 -> "#pragma omp for\n"
                    + "        for (int i = 0; i < n; i++) {\n"
                    + "            double e = " + value(r) + ";\n"
                    + lockedIncrements(k, "                ")
                    + "            " + o + "[i] = e * x[i];\n"
                    + "        }\n";
            case 3 -> "#pragma omp for ordered" + (r.nextBoolean() ? " schedule(static, 2)" : "") + "\n"
                    + "        for (int i = 0; i < n; i++) {\n"
                    + "            double e = " + value(r) + ";\n"
                    + "#pragma omp ordered\n"
                    + "            {\n"
                    + "                h[(i + " + k + ") % nb] += e;\n"
                    + "                s[" + k + "] = s[" + k + "] + e * e;\n"
                    + "            }\n"
                    + "        }\n";
            case 4 -> "#pragma omp " + (r.nextBoolean() ? "single" : "master") + "\n"
                    + "        { s[" + k + "] = x[0] * x[n - 1] + sin(x[1]); }\n"
                    + (r.nextBoolean() ? "#pragma omp barrier\n" : "");
            case 5 -> generalOrdered(r, k, "#pragma omp for ordered", "        ");
            default -> "#pragma omp barrier\n";
        };
    }

    /** {@code omp_set_lock(&lock); h[...] += e; s[k] += ...; omp_unset_lock(&lock);} with {@code e} in scope. */
    private static String lockedIncrements(int k, String indent) {
        return indent.substring(4) + "omp_set_lock(&lock);\n"
                + indent.substring(4) + "h[(3 * i + " + k + ") % nb] += e;\n"
                + indent.substring(4) + "s[" + k + "] = s[" + k + "] + e * x[i];\n"
                + indent.substring(4) + "omp_unset_lock(&lock);\n";
    }

    /** Two or three sections: the halves of {@code o<k>}, and perhaps {@code s[k]}. */
    private static String sections(Random r, int k, String directive) {
        String o = "o" + k;
        StringBuilder b = new StringBuilder(directive + "\n        {\n");
        // the first section may go without its directive
        b.append(r.nextBoolean() ? "#pragma omp section\n" : "");
        b.append("            for (int i = 0; i < n / 2; i++)\n                ").append(o).append("[i] = ")
                .append(value(r)).append(";\n");
        b.append("#pragma omp section\n");
        b.append("            for (int i = n / 2; i < n; i++)\n                ").append(o).append("[i] = ")
                .append(value(r)).append(";\n");
        if (r.nextBoolean()) {
            b.append("#pragma omp section\n");
            b.append("            s[").append(k).append("] = x[0] * x[1] + cos(x[n - 1]);\n");
        }
        return b.append("        }\n").toString();
    }

    /** A piece outside regions: a {@code parallel for} with a lock or an ordered block, or a product. */
    private static String loopPiece(Random r, int k) {
        String o = "o" + k;
        return switch (r.nextInt(5)) {
            case 0 -> "#pragma omp parallel for\n"
                    + "    for (int i = 0; i < n; i++) {\n"
                    + "        double e = " + value(r) + ";\n"
                    + lockedIncrements(k, "            ")
                    + "    }\n";
            case 1 -> "#pragma omp parallel for ordered\n"
                    + "    for (int i = 0; i < n; i++) {\n"
                    + "        double e = " + value(r) + ";\n"
                    + "        " + o + "[i] = e + x[i];\n"
                    + "#pragma omp ordered\n"
                    + "        h[(i + " + k + ") % nb] += e * e;\n"
                    + "    }\n";
            case 2 -> "    {\n"
                    + "        double p = " + (r.nextBoolean() ? "1.0 + x[0] * x[0]" : "0.5") + ";\n"
                    + "#pragma omp parallel for reduction(*: p)\n"
                    + "        for (int i = 0; i < n; i++)\n"
                    + "            p " + (r.nextBoolean() ? "*= " : "= p * ") + "(1.0 + 0.2 * " + value(r) + ");\n"
                    + "        s[" + k + "] = p;\n"
                    + "    }\n";
            case 4 -> generalOrdered(r, k, "#pragma omp parallel for ordered", "    ");
            default -> "#pragma omp parallel sections\n    {\n"
                    + "#pragma omp section\n"
                    + "        for (int i = 0; i < n; i++)\n            " + o + "[i] = " + value(r) + ";\n"
                    + "#pragma omp section\n"
                    + "        s[" + k + "] = x[0] * x[1];\n"
                    + "    }\n";
        };
    }

    /**
     * A {@code parallel for ordered} whose ordered block is a recurrence through the shared
     * {@code s[k]} (its adjoint must run in reverse iteration order), with or without work
     * before and after the block in the same iteration.
     */
    private static String generalOrdered(Random r, int k, String directive, String in) {
        String o = "o" + k;
        String sk = "s[" + k + "]";
        boolean before = r.nextBoolean();
        return directive + (r.nextBoolean() ? " schedule(static, 2)" : "") + "\n"
                + in + "for (int i = 0; i < n; i++) {\n"
                + in + "    double e = " + value(r) + ";\n"
                + (before ? in + "    " + o + "[i] = e * x[i];\n" : "")
                + "#pragma omp ordered\n"
                + in + "    {\n"
                + in + "        " + sk + " = 0.5 * " + sk + " + e * sin(" + sk + ");\n"
                + in + "        " + o + "[i] = " + (before ? o + "[i] + " : "") + sk + ";\n"
                + in + "    }\n"
                + (r.nextBoolean() ? in + "    " + o + "[i] = " + o + "[i] * cos(x[i]) + e;\n" : "")
                + in + "}\n";
    }

    static Kernel kernel(String name, Random r) {
        StringBuilder body = new StringBuilder();
        int pieces = 1 + r.nextInt(PIECES);
        boolean region = r.nextInt(3) != 0;
        if (region) {
            body.append("#pragma omp parallel\n    {\n");
            for (int k = 0; k < pieces; k++) {
                body.append(regionPiece(r, k));
            }
            body.append("    }\n");
        } else {
            for (int k = 0; k < pieces; k++) {
                body.append(loopPiece(r, k));
            }
        }
        String source = "#pragma ad gradient(o0, o1, o2, o3, h, s : x)\n"
                + "void " + name + "(int n, int nb, const double *x, double *o0, double *o1, double *o2, double *o3, "
                + "double *h, double *s)\n"
                + "{\n"
                + "    omp_lock_t lock;\n"
                + "    omp_init_lock(&lock);\n"
                + body
                + "    omp_destroy_lock(&lock);\n"
                // every output depends on x, whichever pieces were drawn
                + "    o0[0] += x[0];\n    o1[1] += x[1];\n    o2[2] += x[2];\n    o3[3] += x[3];\n"
                + "    h[nb - 1] += x[n - 1];\n    s[0] += x[5];\n    s[1] += x[0];\n    s[2] += x[1];\n    s[3] += x[2];\n"
                + "}\n";
        int n = 6 + r.nextInt(30);
        return new Kernel(name, source, "--set n=" + n + " --set nb=" + (2 + r.nextInt(5))
                + " --extent h=nb --extent s=" + PIECES);
    }

    static List<Kernel> kernels() {
        return SeededKernels.draw("paradjoint.regions.seed", BASE_SEED, KERNELS, "rg", RegionsPropertyTest::kernel);
    }

    @Test
    void derivativesOfRandomRegionsSectionsLocksAndOrderedBlocksPassTheChecks() throws IOException {
        SeededKernels.build(work, "regions", "#include <math.h>\n#include <omp.h>\n\n", kernels())
                .check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, true);
    }
}
