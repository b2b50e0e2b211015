package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A large file where a few kernels are annotated (as benchmarks/bigfile/bigfile.py writes, at a
 * tenth of its size): differentiate maps only what the derivatives need, so each adjoint must be
 * exactly the one of its kernel differentiated alone, called helpers included, while unsupported
 * code in unannotated functions no longer stops it and syntax errors anywhere still do.
 */
class LargeFileTest {

    private static final int KERNELS = 200;
    private static final int ANNOTATE_EVERY = 50;

    private static String helper() {
        return """
                static double smooth(double v)
                {
                    return v / (1.0 + v * v);
                }

                """;
    }

    private static String kernel(int k) {
        StringBuilder s = new StringBuilder();
        if (k % ANNOTATE_EVERY == 0) {
            s.append("/* kernel ").append(k).append(" */\n#pragma ad gradient(y : x)\n");
        }
        s.append("void kernel").append(k).append("(int n, double *y, const double *x)\n{\n")
                .append("#pragma omp parallel for\n    for (int i = 1; i < n - 1; i++) {\n")
                .append("        double a = x[i] * ").append(1 + k % 7).append(".5 + x[i - 1] * 0.75 - x[i + 1];\n")
                .append("        double b = x[i + 1] - 0.25 * x[i] + 0.5 * x[i - 1] * x[i + 1];\n")
                .append("        double c = a * b + sin(x[i]) - 0.5 * cos(x[i - 1]) + smooth(a);\n")
                .append("        double d = c * c - a / (1.0 + b * b) + exp(-0.5 * c * c);\n")
                .append("        double e = sqrt(1.0 + d * d) * 0.125 + log(1.0 + a * a) + tanh(b);\n")
                .append("        y[i] = e * ").append(k % 13 + 1).append(".0 + a * b - c * d;\n")
                .append("    }\n}\n\n");
        return s.toString();
    }

    private static String unsupportedButUnannotated() {
        return """
                void pointers(int n, double *y)
                {
                    double *p = y + 1;
                    p[0] = n;
                }

                """;
    }

    private static String bigFile(String extra) {
        StringBuilder s = new StringBuilder("#include <math.h>\n\n").append(helper());
        for (int k = 0; k < KERNELS; k++) {
            s.append(kernel(k));
            if (k == KERNELS / 2) {
                s.append(extra);
            }
        }
        return s.toString();
    }

    /** The adjoint of kernel {@code k} alone, from a file of that name in its own directory. */
    private static String aloneAdjoint(Path dir, int k) throws IOException {
        Path sub = Files.createDirectories(dir.resolve("alone" + k));
        Path file = Files.writeString(sub.resolve("big.c"), "#include <math.h>\n\n" + helper() + kernel(k));
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(0, r.status, r.toString());
        return r.out.substring(r.out.indexOf("/* Adjoint"));
    }

    @Test
    void eachAdjointIsTheOneOfItsKernelAloneAndCompiles() throws IOException {
        Path dir = ScratchDir.create("paradjoint-large");
        try {
            Path file = Files.writeString(dir.resolve("big.c"), bigFile(unsupportedButUnannotated()));
            CliRun r = CliRun.of("differentiate", file.toString(), "-o", dir.resolve("big_b.c").toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve("big_b.c"));
            for (int k = 0; k < KERNELS; k += ANNOTATE_EVERY) {
                String alone = aloneAdjoint(dir, k);
                int at = adjoint.indexOf("/* Adjoint (reverse mode) of kernel" + k + " ");
                assertTrue(at >= 0, adjoint);
                assertTrue(adjoint.startsWith(alone.strip(), at), "kernel" + k + ":\n" + alone);
            }
            Gcc.object(dir.resolve("big_b.c"), Gcc.STRICT);
            CliRun analyze = CliRun.of("analyze", file.toString());
            // analyze reads the file as differentiate does: the unannotated helper's local pointer is no error
            assertEquals(0, analyze.status, analyze.toString());
            assertTrue(!analyze.err.contains("local pointer variable `p`"), analyze.toString());
            assertTrue(analyze.out.contains("function kernel50:"), analyze.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void aSyntaxErrorInAnUnannotatedFunctionStillStopsIt() throws IOException {
        assertRefused("void broken(double *y)\n{\n    y[0] = = 1.0;\n}\n\n", "syntax error");
    }

    @Test
    void anUnannotatedFunctionNamedLikeAnAdjointStillClashes() throws IOException {
        assertRefused("void kernel50_b(double *y)\n{\n    y[0] = 1.0;\n}\n\n", "kernel50_b");
    }

    /** The large file with {@code extra} among its functions: differentiate exits 1 naming {@code expected}. */
    private static void assertRefused(String extra, String expected) throws IOException {
        Path dir = ScratchDir.create("paradjoint-large");
        try {
            Path file = Files.writeString(dir.resolve("big.c"), bigFile(extra));
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains(expected), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
