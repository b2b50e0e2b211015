package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * {@code xb} and compares with the derivative written out by hand.
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
}
