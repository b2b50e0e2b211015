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
 * The length of an array parameter whose declaration leaves it open ({@code const double *u}) is
 * inferred from the indices the function uses, helpers inlined: a helper reading {@code u[i + 1]}
 * where the caller itself reads only {@code u[i]} makes the length {@code n}, not {@code n - 1}.
 * The adjoint's per-thread copies of {@code ub} take that length; one element short, the thread
 * that adds into {@code ub[n - 1]} wrote past its copy (the dot-product test failed with 2
 * threads). With the extents left to the inference, {@code check} passes at 1, 2 and 4 threads.
 */
class HelperIndicesTest {

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-helper-indices");

    static final String SOURCE = """
            static double lap(const double *u, int i)
            {
                return u[i - 1] - 2.0 * u[i] + u[i + 1];
            }

            void react(int n, const double *restrict u, double *restrict y)
            {
                int i;
            #pragma ad gradient(y : u)
            #pragma omp parallel for
                for (i = 1; i < n - 1; i++)
                    y[i] = u[i] * lap(u, i);
            }
            """;

    @Test
    void anArrayAHelperIndexesFartherIsSizedByTheHelpersIndices() throws IOException {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "react.c", SOURCE, "--function", "react", "--set", "n=23", "--threads",
                "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
        CliRun d = CliRun.of("differentiate", dir.resolve("react.c").toString());
        assertEquals(0, d.status, d.toString());
        String adjoint = Files.readString(dir.resolve("react_b.c"));
        assertTrue(adjoint.contains("size_t pa_ub_buf_len = (size_t) (n);"), adjoint);
    }
}
