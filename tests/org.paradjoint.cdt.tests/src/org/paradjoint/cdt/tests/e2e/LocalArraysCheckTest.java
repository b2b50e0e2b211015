package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.tests.e2e.ControlFlowCheckTest.Kernel;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Local arrays of real C: a variable-length local ({@code double t[n];}, sized by parameters)
 * and a constant-size one, differentiated, compiled strictly and checked at 1 and 2 threads, also
 * when private to a parallel loop (its adjoint is private too, zero at the start of each iteration's
 * adjoint); a variable-length array private to a parallel loop stays a located error.
 */
class LocalArraysCheckTest {

    static Stream<Kernel> kernels() {
        return Stream.of(
                new Kernel("variable-length local array", "smooth", "--set n=20 --extent y=n --extent x=n", """
                        #pragma ad gradient(y : x)
                        void smooth(int n, double *y, const double *x)
                        {
                            double t[n];
                            for (int i = 0; i < n; i++)
                                t[i] = x[i] * x[i];
                            for (int i = 1; i < n - 1; i++)
                                y[i] = t[i - 1] + 2.0 * t[i] * t[i + 1];
                        }
                        """),
                new Kernel("two-dimensional variable-length local array", "outer", "--set n=6 --set m=5 "
                        + "--extent y=n --extent x=n", """
                        #pragma ad gradient(y : x)
                        void outer(int n, int m, double *y, const double *x)
                        {
                            double a[n][m + 1];
                            for (int i = 0; i < n; i++)
                                for (int j = 0; j <= m; j++)
                                    a[i][j] = x[i] * (j + 1);
                            for (int i = 0; i < n; i++) {
                                y[i] = 0.0;
                                for (int j = 0; j <= m; j++)
                                    y[i] = y[i] + a[i][j] * a[i][m - j];
                            }
                        }
                        """),
                new Kernel("active array private to a parallel loop", "window", "--set n=20 --extent y=n --extent x=n",
                        WINDOW),
                new Kernel("two-dimensional private array of a parallel loop, private clause", "pairs",
                        "--set n=12 --extent y=n --extent x=n", """
                        #include <math.h>
                        #pragma ad gradient(y : x)
                        void pairs(int n, double *y, const double *x)
                        {
                            double a[2][3];
                        #pragma omp parallel for private(a)
                            for (int i = 0; i < n; i++) {
                                for (int r = 0; r < 2; r++)
                                    for (int c = 0; c < 3; c++)
                                        a[r][c] = sin(x[i] * (r + 1)) + c * x[(i + c) % n];
                                y[i] = a[0][1] * a[1][2] - a[1][0] * a[0][0];
                            }
                        }
                        """));
    }

    /** An active work array declared in the body of a parallel loop: private to each iteration. */
    private static final String WINDOW = """
            #pragma ad gradient(y : x)
            void window(int n, double *y, const double *x)
            {
            #pragma omp parallel for
                for (int i = 1; i < n - 1; i++) {
                    double w[3];
                    for (int k = 0; k < 3; k++)
                        w[k] = x[i - 1 + k] * x[i - 1 + k];
                    y[i] = w[0] + 2.0 * w[1] * w[2];
                }
            }
            """;

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-local-arrays");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void derivativesPassTheChecks(Kernel k) throws IOException {
        ControlFlowCheckTest.check(k, work);
    }

    @Test
    void thePrivateArraysAdjointIsDeclaredZeroInEachIteration() {
        CheckPipeline.Differentiated d = CheckPipeline.differentiate("window.c", WINDOW);
        assertEquals(CheckPipeline.Stage.PASSED, d.stage(), d.problem());
        String adjoint = d.adjoint().text();
        int loop = adjoint.indexOf("for (i = 1; i < n - 1; i++) {");
        assertTrue(loop >= 0 && adjoint.indexOf("double wb[3] = {0};", loop) > loop, adjoint);
    }

    @Test
    void anActiveVariableLengthArrayPrivateToAParallelLoopIsALocatedError() {
        CheckPipeline.Differentiated d = CheckPipeline.differentiate("window.c", """
                #pragma ad gradient(y : x)
                void window(int n, int m, double *y, const double *x)
                {
                    double w[m];
                #pragma omp parallel for private(w)
                    for (int i = 1; i < n - 1; i++) {
                        for (int k = 0; k < m; k++)
                            w[k] = x[i] * k;
                        y[i] = w[0] + 2.0 * w[1] * w[m - 1];
                    }
                }
                """);
        assertEquals(CheckPipeline.Stage.DIFFERENTIATION, d.stage(), d.problem());
        assertTrue(d.key().contains("unsupported-private-array"), d.problem());
        assertTrue(d.problem().contains("window.c:6:5") && d.problem().contains("'w'")
                && d.problem().contains("constant size"), d.problem());
    }
}
