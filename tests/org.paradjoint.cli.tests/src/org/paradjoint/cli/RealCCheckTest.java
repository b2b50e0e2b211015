package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * {@code paradjoint check} on files as scientists write them: the user's file is built on its own
 * (its warnings are no errors, it has a {@code main}, it uses {@code M_PI}), {@code float}
 * kernels are checked with tolerances of their precision, an ill-conditioned kernel at a
 * realistic size passes where its rounding noise exceeds the double defaults, and a driver that
 * crashes is reported by its signal. Every passing check runs at 1 and 2 threads.
 */
class RealCCheckTest {

    /** An unused parameter, an unused static function, M_PI, its own main: none of it the check's business. */
    static final String FLOAT_PROGRAM = """
            #include <math.h>
            #include <stdio.h>

            static void unused_helper(int k)
            {
                printf("%d\\n", k);
            }

            void wave(int n, int unused, float *y, const float *x, float a)
            {
            #pragma ad gradient(y : x, a)
                for (int i = 0; i < n; i++)
                    y[i] = a * sinf(x[i] * (float) M_PI) + x[i] * x[i];
            }

            int main(int argc, char **argv)
            {
                float x[4] = { 1, 2, 3, 4 }, y[4];
                (void) argv;
                wave(4, argc, y, x, 2.0f);
                printf("%g\\n", y[0]);
                return 0;
            }
            """;

    /** One step of PolyBench's ADI: Thomas sweeps whose coefficients grow with n^2 (22,500 at n = 150). */
    static final String ADI = """
            #define N 150
            void adi(int n, double u[N][N], double v[N][N], double p[N][N], double q[N][N])
            {
                double mul = 2.0 * n * n, a = -mul / 2.0, b = 1.0 + mul, c = a;
            #pragma ad gradient(u : u)
                for (int i = 1; i < n - 1; i++) {
                    v[0][i] = 1.0;
                    p[i][0] = 0.0;
                    q[i][0] = v[0][i];
                    for (int j = 1; j < n - 1; j++) {
                        p[i][j] = -c / (a * p[i][j - 1] + b);
                        q[i][j] = (-a * u[j][i - 1] + (1.0 + 2.0 * a) * u[j][i] - c * u[j][i + 1]
                                   - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
                    }
                    v[n - 1][i] = 1.0;
                    for (int j = n - 2; j >= 1; j--)
                        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
                }
                for (int i = 1; i < n - 1; i++) {
                    u[i][0] = 1.0;
                    p[i][0] = 0.0;
                    q[i][0] = u[i][0];
                    for (int j = 1; j < n - 1; j++) {
                        p[i][j] = -c / (a * p[i][j - 1] + b);
                        q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j]
                                   - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
                    }
                    u[i][n - 1] = 1.0;
                    for (int j = n - 2; j >= 1; j--)
                        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
                }
            }
            """;

    /** Reads far outside the extent it is given: the driver dies of SIGSEGV. */
    static final String CRASH = """
            void crash(int n, double *y, const double *x)
            {
            #pragma ad gradient(y : x)
                for (int i = 0; i < n; i++)
                    y[i] = x[i] * x[i * 10000000];
            }
            """;

    /** A folder of each test's own (JUnit makes an instance per test), removed when the JVM exits. */
    private final Path dir = ScratchDir.deletedAtExit("paradjoint-realc-check");

    /** {@code paradjoint check} of {@code source}, written to {@code name} in {@code dir}, with {@code options}. */
    static CliRun check(Path dir, String name, String source, String... options) {
        Path file = ScratchDir.write(dir, name, source);
        List<String> args = new ArrayList<>(List.of("check", file.toString()));
        args.addAll(List.of(options));
        return CliRun.of(args.toArray(String[]::new));
    }

    static long passes(CliRun r) {
        return r.out.lines().filter(l -> l.matches("(dot-product|finite-difference): PASS.*")).count();
    }

    @Test
    void aFloatProgramWithItsOwnMainAndWarningsPassesAtItsPrecision() throws Exception {
        Gcc.require();
        CliRun r = check(dir, "wave.c", FLOAT_PROGRAM, "--function", "wave", "--set", "n=100", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(4, passes(r), r.toString());
        // gcc's warnings of the user's file are shown, and are no errors
        assertTrue(r.err.contains("warning: unused parameter") && r.err.contains("defined but not used"),
                r.toString());
        // float's own tolerances and step, the step relative to inputs up to 1.5
        assertTrue(r.out.contains("tol=1.0e-03") && r.out.contains("tol=1.0e-02") && r.out.contains("h=1.5e-03"),
                r.toString());
    }

    @Test
    void theUsersFileIsItsOwnTranslationUnitAndTheGeneratedPartStaysStrict() throws Exception {
        CliRun r = check(dir, "wave.c", FLOAT_PROGRAM, "--function", "wave", "--set", "n=8");
        assertEquals(0, r.status, r.toString());
        String driver = Files.readString(dir.resolve("wave_check.c"));
        assertTrue(driver.contains("#define main pa_chk_user_main\n#include \"wave.c\"\n#undef main"), driver);
        assertTrue(r.out.contains("gcc -std=gnu11 -Wall -Wextra -fopenmp -DPA_CHECK_PART=1 -c wave_check.c")
                && r.out.contains("gcc -std=c11 -Wall -Wextra -Werror -fopenmp -DPA_CHECK_PART=2 wave_check.c"),
                r.toString());
    }

    @Test
    void anIllConditionedKernelAtARealisticSizePassesOnItsMeasuredNoise() throws Exception {
        Gcc.require();
        CliRun r = check(dir, "adi.c", ADI, "--function", "adi", "--set", "n=150", "--run");
        assertEquals(0, r.status, r.toString());
        // its sweeps are checkpointed by default: each thread count runs within the tape budget and past it
        assertTrue(r.out.contains("== OMP_NUM_THREADS=2 PARADJOINT_TAPE_BUDGET=1\n"), r.toString());
        assertEquals(8, passes(r), r.toString());
    }

    @Test
    void aTangentThatDisagreesWithThePrimalStillFails() throws Exception {
        // the measured noise widens the tolerance only by what rounding leaves: a primal changed by 1 %
        // after it was differentiated disagrees with the tangent by far more
        CliRun kept = check(dir, "adi.c", ADI, "--function", "adi", "--set", "n=20");
        assertEquals(0, kept.status, kept.toString());
        Files.writeString(dir.resolve("adi.c"), ADI.replace("u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];",
                "u[i][j] = p[i][j] * u[i][j + 1] + 1.01 * q[i][j];"));
        Path driver = dir.resolve("adi_check.c");
        Gcc.require();
        DriverRunner runner = new DriverRunner();
        DriverRunner.Outcome built = runner.compileCheck(driver, dir.resolve("adi_check"));
        assertTrue(built.ok(), built.text());
        DriverRunner.Outcome ran = runner.run(dir.resolve("adi_check"), 1);
        assertFalse(ran.ok(), ran.text());
        assertTrue(ran.stdout().contains("finite-difference: FAIL"), ran.text());
    }

    @Test
    void aCrashingDriverIsReportedByItsSignal() throws Exception {
        Gcc.require();
        CliRun r = check(dir, "crash.c", CRASH, "--function", "crash", "--set", "n=100", "--extent", "x=n",
                "--threads", "1", "--run");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("crash_check: error: the check driver was killed by signal SIGSEGV (11) with "
                + "OMP_NUM_THREADS=1"), r.toString());
    }
}
