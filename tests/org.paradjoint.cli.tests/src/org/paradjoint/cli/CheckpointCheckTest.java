package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * {@code ad checkpoint(binomial[, S])} through the C front-end and {@code paradjoint check --run}:
 * a nonlinear time loop whose inner loops are {@code omp parallel for}, with a number of snapshots
 * smaller than, equal to and larger than the steps, and the run-time default; the dot-product test
 * and finite differences pass at 1 and 2 threads. (The driver draws dt in [0.25, 1.25): the step
 * scales it so that the explicit scheme stays bounded over the steps.)
 */
class CheckpointCheckTest {

    private static final String KERNEL = """
            void burgers(int n, int nt, double dt, double u[n], double w[n])
            {
                int t, i;
            #pragma ad gradient(u, w : u, w)
            #pragma ad checkpoint(binomial%s)
                for (t = 0; t < nt; t++) {
            #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        w[i] = u[i] + 0.05 * dt * (u[i - 1] * u[i - 1] - 2.0 * u[i] * u[i] + u[i + 1] * u[i + 1]);
            #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        u[i] = w[i];
                }
            }
            """;

    @ParameterizedTest
    @CsvSource({"', 2', 11", "', 5', 5", "', 9', 4", "'', 12"})
    void aCheckpointedTimeLoopPassesTheChecks(String snapshots, int steps) throws IOException {
        Path dir = ScratchDir.create("paradjoint-checkpoint");
        try {
            Path file = dir.resolve("burgers.c");
            Files.writeString(file, KERNEL.formatted(snapshots));
            Gcc.require();
            CliRun r = CliRun.of("check", file.toString(), "--function", "burgers", "--set", "n=16", "--set",
                    "nt=" + steps, "--run", "--threads", "1,2");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("== burgers: PASS"), r.toString());
            assertTrue(Files.readString(dir.resolve("burgers_b.c")).contains("pa_ck_init(pa_ck, pa_steps, "),
                    r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /**
     * A time loop checkpointed by default (no annotation): the check runs every thread count once
     * within the budget and once with a budget of one byte, where a scalar each step sets must come
     * back to its last taped value before the taped steps are reversed.
     */
    @org.junit.jupiter.api.Test
    void aLoopCheckpointedByDefaultIsCheckedPastItsBudgetToo() throws IOException {
        Path dir = ScratchDir.create("paradjoint-checkpoint");
        try {
            Path file = dir.resolve("scaled.c");
            Files.writeString(file, """
                    #pragma ad gradient(v : v)
                    void scaled(int n, int nt, double v[n])
                    {
                        for (int t = 0; t < nt; t++) {
                            double s = v[0] * v[0] + 1.0;
                    #pragma omp parallel for
                            for (int i = 0; i < n; i++)
                                v[i] = v[i] / s;
                        }
                    }
                    """);
            Gcc.require();
            CliRun r = CliRun.of("check", file.toString(), "--function", "scaled", "--set", "n=100", "--set", "nt=20",
                    "--run", "--threads", "1,2");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("== OMP_NUM_THREADS=1 PARADJOINT_TAPE_BUDGET=1\n")
                    && r.out.contains("== OMP_NUM_THREADS=2 PARADJOINT_TAPE_BUDGET=1\n"), r.toString());
            assertEquals(4, r.out.lines().filter(l -> l.equals("== scaled: PASS")).count(), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
