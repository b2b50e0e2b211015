package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A {@code firstprivate} copy that carries from one iteration to the next ({@code p = p + 1}) once
 * gave an adjoint that used the entry value plus one in every iteration (dot-product test off by
 * 0.15 at 1 thread, 0.50 at 2) with no warning. Now it is refused with a located error and
 * nothing is written, while a firstprivate that every iteration redefines before reading it
 * still differentiates and passes the checks at 1 and 2 threads.
 */
class FirstprivateCarryTest {

    private static final String CARRIED = """
            void carry(int n, int p, double *y, const double *x)
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(i) firstprivate(p)
                for (i = 0; i < n; i++) {
                    p = p + 1;
                    y[i] = x[i + p] * x[i + p];
                }
            }
            """;

    private static final String REDEFINED = CARRIED.replace("p = p + 1;", "p = i + 1;")
            .replace("x[i + p] * x[i + p]", "x[p] * x[p]");

    @Test
    void aCarriedFirstprivateIsALocatedErrorAndNothingIsWritten() throws IOException {
        Path dir = ScratchDir.create("paradjoint-carry");
        try {
            Path file = Files.writeString(dir.resolve("carry.c"), CARRIED);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains("carry.c:7:9: error: firstprivate 'p' carries its value"), r.toString());
            assertFalse(Files.exists(dir.resolve("carry_b.c")), "nothing written");
            CliRun check = CliRun.of("check", file.toString(), "--function", "carry", "--set", "n=30", "--run");
            assertEquals(1, check.status, check.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void aFirstprivateRedefinedInEveryIterationPassesTheChecks() throws IOException {
        Path dir = ScratchDir.create("paradjoint-carry");
        try {
            Path file = Files.writeString(dir.resolve("carry.c"), REDEFINED);
            Gcc.require();
            CliRun r = CliRun.of("check", file.toString(), "--function", "carry", "--set", "n=30", "--set", "p=0",
                    "--extent", "x=n+1", "--run", "--threads", "1,2");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("threads: 2"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
