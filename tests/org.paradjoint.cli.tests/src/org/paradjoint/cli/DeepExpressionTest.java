package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Expressions far deeper than any thread's default stack: a sum of 2,000 terms or 800 nested
 * parentheses once made every command print nothing and exit 0. A 100,000-term sum and 10,000
 * nested parentheses now differentiate through every command, and the adjoint is right and
 * compiles strictly.
 */
class DeepExpressionTest {

    private static final int TERMS = 100_000;
    private static final int DISTINCT = 50;
    private static final int PARENTHESES = 10_000;

    @Test
    void aHundredThousandTermSumDifferentiates() throws IOException {
        StringJoiner terms = new StringJoiner(" + ");
        for (int k = 0; k < TERMS; k++) {
            terms.add("x[" + k % DISTINCT + "]");
        }
        String src = "#pragma ad gradient(y : x)\nvoid sum(const double *x, double *y)\n{\n    y[0] = " + terms
                + ";\n}\n";
        Path dir = ScratchDir.create("paradjoint-deep");
        try {
            Path file = Files.writeString(dir.resolve("sum.c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve("sum_b.c"));
            // every x[j] occurs TERMS / DISTINCT times: its partial is that count
            for (int j = 0; j < DISTINCT; j++) {
                assertTrue(adjoint.contains("xb[" + j + "] += " + (TERMS / DISTINCT) + ".0 * yb[0];"), adjoint);
            }
            Gcc.object(dir.resolve("sum_b.c"), Gcc.STRICT);
            CliRun analyze = CliRun.of("analyze", file.toString());
            assertEquals(0, analyze.status, analyze.toString());
            assertTrue(analyze.out.contains("sum"), analyze.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void tenThousandNestedParenthesesDifferentiateAndCheck() throws IOException {
        String src = "#pragma ad gradient(y : x)\nvoid paren(const double *x, double *y)\n{\n    y[0] = "
                + "(".repeat(PARENTHESES) + "x[0] * x[1]" + ")".repeat(PARENTHESES) + ";\n}\n";
        Path dir = ScratchDir.create("paradjoint-deep");
        try {
            Path file = Files.writeString(dir.resolve("paren.c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve("paren_b.c"));
            assertTrue(adjoint.contains("xb[0] += x[1] * yb[0];"), adjoint);
            Gcc.require();
            CliRun check = CliRun.of("check", file.toString(), "--function", "paren", "--extent", "x=2",
                    "--extent", "y=1", "--run", "--threads", "1");
            assertEquals(0, check.status, check.toString());
            assertTrue(check.out.contains("PASS"), check.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
