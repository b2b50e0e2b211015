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
 * Helpers that return results through pointers, as real codes write them
 * ({@code flux(u, i, &fl, &fr)}): the address of a scalar passed to a function of the file stands
 * for the scalar once the call is inlined (core {@code CallInliner}: the callee's {@code *p} and
 * {@code p[0]} are the scalar). The kernels pass the derivative checks at 1, 2 and 4 threads
 * through {@code paradjoint check}; a helper that reads such a pointer beyond its first element is
 * a located error that names the helper, the pointer and the scalar.
 */
class OutParametersTest {

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-outparams");

    /** Two fluxes out of one helper, inside a parallel loop; the first half computed by a second helper. */
    static final String FLUXES = """
            static void half(double a, double b, double *out)
            {
                *out = 0.5 * (a + b);
            }

            static void flux(const double *u, int i, double *fl, double *fr)
            {
                half(u[i - 1], u[i], fl);
                *fl = *fl * u[i];
                fr[0] = 0.5 * (u[i] + u[i + 1]) * u[i + 1];
            }

            void burgers(int n, const double *restrict u, double *restrict un, double dt)
            {
                int i;
            #pragma ad gradient(un : u)
            #pragma omp parallel for
                for (i = 1; i < n - 1; i++) {
                    double fl, fr;
                    flux(u, i, &fl, &fr);
                    un[i] = u[i] - dt * (fr - fl);
                }
            }
            """;

    @Test
    void fluxesReturnedThroughPointersPassTheChecks() throws IOException {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "fluxes.c", FLUXES, "--function", "burgers", "--set", "n=17",
                "--extent", "u=n", "--extent", "un=n", "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
        CliRun d = CliRun.of("differentiate", dir.resolve("fluxes.c").toString(), "--extent", "u=n", "--extent",
                "un=n");
        assertEquals(0, d.status, d.toString());
        String adjoint = Files.readString(dir.resolve("fluxes_b.c"));
        // the helpers are inlined: their results are the caller's locals, adjoints of their own
        assertFalse(adjoint.contains("&fl") || adjoint.contains("flux("), adjoint);
        assertTrue(adjoint.contains("double flb = 0.0;"), adjoint);
    }

    /** A running sum accumulated through a pointer in a sequential loop, and read back. */
    static final String ACCUMULATED = """
            #include <math.h>

            static void accumulate(double *acc, double v)
            {
                *acc += v * v;
            }

            #pragma ad gradient(y : x)
            void energy(int n, const double *x, double *y)
            {
                double e = 0.0;
                for (int i = 0; i < n; i++) {
                    accumulate(&e, sin(x[i]));
                    y[i] = e * x[i];
                }
            }
            """;

    @Test
    void aSumAccumulatedThroughAPointerPassesTheChecks() {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "energy.c", ACCUMULATED, "--function", "energy", "--set", "n=9",
                "--extent", "x=n", "--extent", "y=n", "--threads", "1,2", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(4, RealCCheckTest.passes(r), r.toString());
    }

    @Test
    void aHelperReadingPastTheScalarIsALocatedError() {
        Path file = ScratchDir.write(dir, "pair.c", """
                static void pair(const double *u, double *out)
                {
                    out[0] = u[0];
                    out[1] = u[1];
                }

                #pragma ad gradient(y : u)
                void f(const double *u, double *y)
                {
                    double a;
                    pair(u, &a);
                    y[0] = a;
                }
                """);
        CliRun r = CliRun.of("differentiate", file.toString(), "--extent", "u=2", "--extent", "y=1");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("pair.c:4:5: error: 'pair' reads `out` beyond its first element, but the call"
                + " passes the address of the scalar `a`"), r.err);
    }
}
