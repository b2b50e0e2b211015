package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Assignments as they are written: a chain {@code a = b = e} is differentiated as {@code b = e;
 * a = b;}, and in a stencil nest {@code hz[i][j] = hz[i][j] - e} is the increment
 * {@code hz[i][j] -= e}; both pass {@code check --run} (dot product and finite differences at 1
 * and 2 threads). What stays refused says why, where.
 */
class AssignmentFormsTest {

    static final String CHAIN = """
            void chain(int n, double *y, double *z, const double *x)
            {
            #pragma ad gradient(y, z : x)
                for (int i = 0; i < n; i++) {
                    double t, s;
                    y[i] = t = x[i] * x[i];
                    z[i] = s = t += sin(x[i]);
                    z[i] *= s;
                }
            }
            """;

    static final String STENCIL = """
            void update(int n, double hz[n][n], const double ex[n][n], const double ey[n][n])
            {
            #pragma ad stencil adjoint(hz : hzb, ex : exb, ey : eyb)
                for (int i = 1; i < n - 1; i++)
                    for (int j = 1; j < n - 1; j++)
                        hz[i][j] = hz[i][j] - 0.1 * ex[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
            }
            """;

    /** A folder of each test's own (JUnit makes an instance per test), removed when the JVM exits. */
    private final Path dir = ScratchDir.deletedAtExit("paradjoint-assignments");

    private CliRun check(String name, String source, String function) {
        Gcc.require();
        return RealCCheckTest.check(dir, name, source, "--function", function, "--set", "n=12", "--run");
    }

    @Test
    void aChainedAssignmentPassesTheCheck() throws Exception {
        CliRun r = check("chain.c", "#include <math.h>\n" + CHAIN, "chain");
        assertEquals(0, r.status, r.toString());
        assertEquals(4, RealCCheckTest.passes(r), r.toString());
    }

    @Test
    void aChainWhoseTargetReadsWhatItAssignsIsALocatedError() throws Exception {
        Path file = ScratchDir.write(dir, "unsequenced.c", """
                void f(int n, double *y, const double *x)
                {
                #pragma ad gradient(y : x)
                    for (int t = 0; t < n; t++) {
                        int k;
                        y[k] = k = t;
                        y[t] += x[t];
                    }
                }
                """);
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains(file + ":6:9: error: in `y[k] = k = t`, `y[k]` reads `k`, which the same "
                + "statement assigns"), r.toString());
    }

    @Test
    void aStencilUpdateWrittenOutIsTheIncrementItMeans() throws Exception {
        CliRun r = check("update.c", STENCIL, "update");
        assertEquals(0, r.status, r.toString());
        assertEquals(4, RealCCheckTest.passes(r), r.toString());
        CliRun compound = check("compound.c", STENCIL.replace("hz[i][j] = hz[i][j] - 0.1 * ex[i][j] - 0.7 *",
                "hz[i][j] -= 0.1 * ex[i][j] + 0.7 *"),
                "update");
        assertEquals(0, compound.status, compound.toString());
    }

    @Test
    void aStencilThatReadsAnotherElementOfItsOutputIsStillRefused() throws Exception {
        Path file = ScratchDir.write(dir, "neighbour.c", STENCIL.replace("hz[i][j] - 0.1", "hz[i][j + 1] - 0.1"));
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("'hz[i][j + 1]' reads the array 'hz', which the nest also writes"), r.toString());
    }
}
