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
 * Property: random parallel loops that sum over {@code j} in order, walking a row or a column of a
 * row-major array, pass the dot-product and finite-difference tests at 1, 2 and 4 threads: a
 * column walk ({@code A[j][i]}) runs in blocks of 64 {@code i}'s (core {@code ColumnWalks}), a row
 * walk ({@code A[i][j]}) sums 8 {@code i}'s at once (core {@code InterleavedSums}), both in the
 * forward sweep (a loop after the walk uses its results, as in gemver). Each kernel draws the
 * direction, the accumulator (the output element itself or a private scalar), how it starts and
 * ends, the factor beside {@code A} (linear or quadratic in the vector, or {@code A} again),
 * whether an elementwise update of {@code A} precedes the walk (fused into a column walk's
 * blocks), and sizes below, at and across a block (1 to 130 iterations).
 * <p>
 * Reproduce: {@code -Dparadjoint.blocked.seed=SEED}.
 */
class BlockedSumsPropertyTest {

    static final int KERNELS = 24;
    static final long BASE_SEED = 202_611_275L;
    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;
    private static final int[] SIZES = {1, 5, 7, 8, 9, 17, 63, 64, 65, 100, 130};

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-blocked");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static String coefficient(Random r) {
        return Double.toString(0.25 + 0.25 * r.nextInt(4));
    }

    static Kernel kernel(String name, Random r) {
        boolean row = r.nextBoolean();
        String walked = row ? "A[i][j]" : "A[j][i]";
        boolean scalar = r.nextBoolean();
        boolean update = r.nextBoolean();
        String acc = scalar ? "s" : "x[i]";
        String factor = switch (r.nextInt(3)) {
            case 0 -> "y[j]";
            case 1 -> "y[j] * y[j]";
            default -> walked + " * y[j]";
        };
        String start = switch (r.nextInt(3)) {
            case 0 -> acc + " = 0.0;";
            case 1 -> acc + " = " + coefficient(r) + " * x[i];";
            default -> scalar ? "s = x[i];" : "x[i] = x[i] * x[i];";
        };
        String end = switch (r.nextInt(3)) {
            case 0 -> "x[i] = " + acc + " + z[i];";
            case 1 -> "x[i] = " + acc + " * " + acc + " + z[i];";
            default -> "x[i] = " + coefficient(r) + " * " + acc + " * z[i];";
        };
        StringBuilder b = new StringBuilder();
        b.append("#pragma ad gradient(w, x").append(update ? ", A" : "").append(" : A, x, y, z, w)\n");
        b.append("void ").append(name)
                .append("(int n, int m, double A").append(row ? "[m][n]" : "[n][m]")
                .append(", double x[m], double y[n], double z[m], double w[m])\n");
        b.append("{\n    int i, j;\n");
        if (scalar) {
            b.append("    double s;\n");
        }
        if (update) {
            b.append("#pragma omp parallel for private(i, j)\n");
            if (row) {
                b.append("    for (i = 0; i < m; i++)\n        for (j = 0; j < n; j++)\n");
                b.append("            A[i][j] = A[i][j] + ").append(coefficient(r)).append(" * z[i] * y[j];\n");
            } else {
                b.append("    for (i = 0; i < n; i++)\n        for (j = 0; j < m; j++)\n");
                b.append("            A[i][j] = A[i][j] + ").append(coefficient(r)).append(" * y[i] * z[j];\n");
            }
        }
        b.append("#pragma omp parallel for private(i, j").append(scalar ? ", s" : "").append(")\n");
        b.append("    for (i = 0; i < m; i++) {\n");
        b.append("        ").append(start).append("\n");
        b.append("        for (j = 0; j < n; j++)\n");
        b.append("            ").append(acc).append(" = ").append(acc).append(" + ").append(coefficient(r))
                .append(" * ").append(walked).append(" * ").append(factor).append(";\n");
        b.append("        ").append(end).append("\n");
        b.append("    }\n");
        // a use of the walk's results after it, as gemver's last loop: the forward sweep runs the walk
        b.append("#pragma omp parallel for private(i)\n");
        b.append("    for (i = 0; i < m; i++)\n");
        b.append("        w[i] = w[i] + ").append(coefficient(r)).append(" * x[i] * x[i];\n");
        b.append("}\n");
        int n = 1 + r.nextInt(12);
        int m = SIZES[r.nextInt(SIZES.length)];
        return new Kernel(name, b.toString(), "--set n=" + n + " --set m=" + m);
    }

    static List<Kernel> kernels() {
        return SeededKernels.draw("paradjoint.blocked.seed", BASE_SEED, KERNELS, "bs", BlockedSumsPropertyTest::kernel);
    }

    @Test
    void derivativesOfRandomBlockedSumsPassTheChecks() throws IOException {
        List<Kernel> kernels = kernels();
        SeededKernels.Built built = SeededKernels.build(work, "blocked", "", kernels);
        // the property is about blocked sums: most kernels' adjoints walk columns in blocks or interleave rows
        int blocked = 0;
        for (Kernel k : kernels) {
            String fn = built.adjointOf(k);
            blocked += fn.contains("+= 64)") || fn.contains("+= 8)") ? 1 : 0;
        }
        assertTrue(blocked >= KERNELS / 2, blocked + " of " + KERNELS + " kernels sum in blocks\n" + built.adjoint());
        built.check(new int[] {1, 2, 4}, DOT_TOLERANCE, FD_TOLERANCE, false);
    }
}
