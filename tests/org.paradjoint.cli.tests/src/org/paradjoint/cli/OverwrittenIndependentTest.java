package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * An independent C array that the function overwrites, not named a dependent: its adjoint is
 * incremented like every independent's, by the derivative with respect to its initial values,
 * whatever the caller's adjoint held on entry. The driver calls the adjoint with a nonzero
 * {@code xb} and compares with the derivative written out by hand. An overwrite that scales
 * each element in place by a factor the adjoint never changes ({@code x = alpha * x + 1} on the
 * interior) needs no local adjoint: the increments that reach the new x are multiplied by alpha
 * (by 1 at the two ends, which the scaling skips) and go straight into {@code xb}, and the
 * caller's value in {@code xb} is still added, not scaled.
 */
class OverwrittenIndependentTest {

    private static final String KERNEL = """
            #include <math.h>
            #pragma ad gradient(y : x)
            void square_then_sine(int n, int m, double x[n][m], double y[n][m])
            {
            #pragma omp parallel for
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < m; j++)
                        x[i][j] = x[i][j] * x[i][j];
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < m; j++)
                        y[i][j] = sin(x[i][j]);
            }
            """;

    /** xb = 0.5 + d sin(x^2) / dx = 0.5 + 2 x cos(x^2) with yb = 1 everywhere. */
    private static final String DRIVER = """
            #include <math.h>
            #include <stdio.h>
            void square_then_sine_b(int n, int m, double x[n][m], double xb[n][m], double y[n][m], double yb[n][m]);
            int main(void)
            {
                enum { N = 37, M = 23 };
                static double x[N][M], xb[N][M], y[N][M], yb[N][M];
                double worst = 0.0;
                for (int i = 0; i < N; i++)
                    for (int j = 0; j < M; j++) {
                        x[i][j] = 0.01 * (i * M + j) + 0.1;
                        xb[i][j] = 0.5;
                        yb[i][j] = 1.0;
                    }
                square_then_sine_b(N, M, x, xb, y, yb);
                for (int i = 0; i < N; i++)
                    for (int j = 0; j < M; j++) {
                        double x0 = 0.01 * (i * M + j) + 0.1;
                        double expected = 0.5 + 2.0 * x0 * cos(x0 * x0);
                        double e = fabs(xb[i][j] - expected);
                        worst = e > worst ? e : worst;
                    }
                printf("worst %.3e\\n", worst);
                return worst < 1e-12 ? 0 : 1;
            }
            """;

    private static final String SCALED_KERNEL = """
            #pragma ad gradient(r : x)
            void scale_stencil(int n, double alpha, double x[n], double y[n], double *r)
            {
            #pragma omp parallel for
                for (int i = 1; i < n - 1; i++)
                    x[i] = alpha * x[i] + 1.0;
                double s = 0.0;
                for (int i = 1; i < n - 1; i++) {
                    y[i] = x[i - 1] - 2.0 * x[i] + x[i + 1];
                    s += y[i] * y[i] * x[i];
                }
                *r = s;
            }
            """;

    /**
     * With u = alpha x + 1 on the interior (u = x at both ends) and y(i) = u(i-1) - 2 u(i) + u(i+1)
     * on the interior, r = sum y(i)^2 u(i): dr/du(j) = [j interior] y(j)^2 + sum over interior i of
     * 2 y(i) u(i) dy(i)/du(j), and xb = 0.5 + du/dx dr/du with rb = 1.
     */
    private static final String SCALED_DRIVER = """
            #include <math.h>
            #include <stdio.h>
            void scale_stencil_b(int n, double alpha, double x[n], double xb[n], double y[n], double yb[n],
                                 double *r, double *rb);
            int main(void)
            {
                enum { N = 41 };
                static double x[N], xb[N], y[N], yb[N], u[N], ub[N], dudx[N];
                const double alpha = 1.7;
                double r = 0.0, rb = 1.0, worst = 0.0;
                for (int i = 0; i < N; i++) {
                    x[i] = sin(0.3 * i) + 0.2;
                    xb[i] = 0.5;
                    dudx[i] = i > 0 && i < N - 1 ? alpha : 1.0;
                    u[i] = i > 0 && i < N - 1 ? alpha * x[i] + 1.0 : x[i];
                }
                for (int i = 1; i < N - 1; i++) {
                    double yi = u[i - 1] - 2.0 * u[i] + u[i + 1];
                    ub[i] += yi * yi;
                    ub[i - 1] += 2.0 * yi * u[i];
                    ub[i] += -4.0 * yi * u[i];
                    ub[i + 1] += 2.0 * yi * u[i];
                }
                scale_stencil_b(N, alpha, x, xb, y, yb, &r, &rb);
                for (int i = 0; i < N; i++) {
                    double e = fabs(xb[i] - (0.5 + dudx[i] * ub[i]));
                    worst = e > worst ? e : worst;
                }
                printf("worst %.3e\\n", worst);
                return worst < 1e-12 ? 0 : 1;
            }
            """;

    private Path dir;

    @BeforeEach
    void createScratch() {
        dir = ScratchDir.create("paradjoint-overwritten-independent");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 4})
    void theCallersAdjointIsIncrementedByTheDerivativeWithRespectToTheInitialValues(int threads) throws IOException {
        Path kernel = dir.resolve("kernel.c");
        Files.writeString(kernel, KERNEL);
        CliRun d = CliRun.of("differentiate", kernel.toString());
        assertEquals(0, d.status, d.toString());
        Path adjoint = dir.resolve("kernel_b.c");
        String text = Files.readString(adjoint);
        assertTrue(text.contains("double (*xb_w)[m] = pa_heap_zeros((long) (n) * (m), sizeof(double));"), text);
        Path driver = dir.resolve("driver.c");
        Files.writeString(driver, DRIVER);
        Path exe = Gcc.link(dir, "driver", List.of(Gcc.object(adjoint, Gcc.STRICT), Gcc.object(driver, Gcc.STRICT)));
        Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 60);
        assertTrue(r.ok(), r.output());
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 4})
    void anInPlaceScalingNeedsNoLocalAdjointAndStillAddsTheCallersAdjoint(int threads) throws IOException {
        Path kernel = dir.resolve("scaled.c");
        Files.writeString(kernel, SCALED_KERNEL);
        CliRun d = CliRun.of("differentiate", kernel.toString());
        assertEquals(0, d.status, d.toString());
        Path adjoint = dir.resolve("scaled_b.c");
        String text = Files.readString(adjoint);
        String function = text.substring(text.indexOf("void scale_stencil_b("));
        // no local adjoint, no final addition: the increments of the new x are scaled by alpha
        assertFalse(function.contains("xb_w"), function);
        assertFalse(function.contains("pa_heap_zeros"), function);
        // each bound is tested where the reverse loop (i from n - 2 down to 1) does not prove it
        assertTrue(function.contains("xb[i - 1] += (i - 1 >= 1 ? alpha : 1.0) * yb[i];"), function);
        assertTrue(function.contains("xb[i + 1] += (i + 1 < n - 1 ? alpha : 1.0) * yb[i];"), function);
        assertTrue(function.contains("xb[i] += alpha * ("), function);
        // the scaling itself is gone from the reverse sweep
        assertFalse(function.contains("xb[i] = alpha * xb[i]"), function);
        Gcc.require();
        Path driver = dir.resolve("scaled_driver.c");
        Files.writeString(driver, SCALED_DRIVER);
        Path exe = Gcc.link(dir, "scaled_driver",
                List.of(Gcc.object(adjoint, Gcc.STRICT), Gcc.object(driver, Gcc.STRICT)));
        Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 60);
        assertTrue(r.ok(), r.output());
    }
}
