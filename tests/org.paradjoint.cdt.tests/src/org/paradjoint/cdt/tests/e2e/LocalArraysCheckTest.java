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
 * and a constant-size one, differentiated, compiled strictly and checked at 1 and 2 threads; an
 * active array private to a parallel loop stays a located error.
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
                        """));
    }

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
    void anActiveArrayPrivateToAParallelLoopIsALocatedError() {
        CheckPipeline.Differentiated d = CheckPipeline.differentiate("window.c", """
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
                """);
        assertEquals(CheckPipeline.Stage.DIFFERENTIATION, d.stage(), d.problem());
        assertTrue(d.key().contains("unsupported-private-array") || d.problem().contains("private to the parallel loop"),
                d.problem());
        assertTrue(d.problem().contains("window.c:5:5") && d.problem().contains("'w'"), d.problem());
    }
}
