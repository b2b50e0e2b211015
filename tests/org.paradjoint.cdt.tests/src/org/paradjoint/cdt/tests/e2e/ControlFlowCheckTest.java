package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The control flow of real C, each construct in a kernel whose tangent and adjoint are generated,
 * compiled strictly ({@code -Wall -Wextra -Werror -fopenmp}) and checked at 1 and 2 threads: the
 * dot-product test between tangent and adjoint and the tangent against finite differences.
 * {@code while} and {@code do}-{@code while} loops whose trip count depends on the data, loops
 * left by {@code break} (their counter read after them), {@code continue} in sequential and
 * parallel loops, early {@code return} from a void function, and their nesting.
 */
class ControlFlowCheckTest {

    record Kernel(String name, String function, String options, String source) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Output and timers of the primal, in a kernel: kept by the tangent, dropped by the adjoint. */
    static final String PASSIVE_CALLS = """
            #include <stdio.h>
            #include <omp.h>
            #pragma ad gradient(y : x)
            void report(int n, double *y, const double *x)
            {
                double t0 = omp_get_wtime();
                for (int i = 0; i < n; i++) {
                    y[i] = x[i] * x[i];
                    if (i == 0)
                        printf("step %d: %g\\n", i, y[i]);
                }
                fprintf(stderr, "%d cells in %.3f s\\n", n, omp_get_wtime() - t0);
                fflush(stderr);
            }
            """;

    static Stream<Kernel> kernels() {
        return Stream.of(
                new Kernel("convergence while loop", "relax", "--set n=24 --set maxit=60 --extent u=n --extent f=n", """
                        #include <math.h>
                        #define TOL 1e-3
                        #pragma ad gradient(u : f)
                        void relax(int n, int maxit, double *u, const double *f)
                        {
                            double err = 1.0;
                            int it = 0;
                            while (err > TOL && it < maxit) {
                                err = 0.0;
                                for (int i = 1; i < n - 1; i++) {
                                    double v = 0.5 * (u[i - 1] + u[i + 1]) + 0.1 * sin(f[i]) * u[i];
                                    err += fabs(v - u[i]);
                                    u[i] = v;
                                }
                                it++;
                            }
                        }
                        """),
                new Kernel("do-while loop, and a macro's do-while(0)", "halve", "--set n=16 --extent y=n --extent x=n", """
                        #define TWICE(a) do { a = 2.0 * a; } while (0)
                        void halve(int n, double *y, const double *x)
                        {
                        #pragma ad gradient(y : x)
                            for (int i = 0; i < n; i++) {
                                double s = 8.0 + x[i] * x[i];
                                int k = 0;
                                do {
                                    s = 0.5 * s + 0.25 * x[i];
                                    k++;
                                } while (s > 1.0 && k < 40);
                                y[i] = s * k;
                                TWICE(y[i]);
                            }
                        }
                        """),
                new Kernel("for loop left by break, counter read after", "prefix", "--set n=30 --extent y=n --extent x=n", """
                        #pragma ad gradient(y : x)
                        void prefix(int n, double *y, const double *x)
                        {
                            double s = 0.0;
                            int i;
                            for (i = 0; i < n; i++) {
                                s = s + x[i] * x[i];
                                if (s > 2.0 + 0.1 * n)
                                    break;
                                y[i] = s;
                            }
                            y[0] = y[0] + s * i;
                        }
                        """),
                new Kernel("for loop whose body moves its bound", "shrink", "--set n=30 --extent y=n --extent x=n", """
                        #pragma ad gradient(y : x)
                        void shrink(int n, double *y, const double *x)
                        {
                            int m = n;
                            for (int i = 0; i < m; i++) {
                                y[i] = y[i] * x[i] + x[m - 1];
                                m = m - 1;
                            }
                        }
                        """),
                new Kernel("continue in sequential and parallel loops", "skip", "--set n=30 --extent y=n --extent x=n", """
                        void skip(int n, double *y, const double *x)
                        {
                        #pragma ad gradient(y : x)
                            for (int i = 0; i < n; i++) {
                                if (i % 3 == 1)
                                    continue;
                                y[i] = y[i] * x[i];
                            }
                        #pragma omp parallel for
                            for (int i = 0; i < n; i++) {
                                double t = x[i] * x[i];
                                if (i % 4 == 0)
                                    continue;
                                y[i] = y[i] + t * x[i];
                            }
                        }
                        """),
                new Kernel("early return from a void function", "clip", "--set n=20 --extent y=n --extent x=n", """
                        #pragma ad gradient(y : x)
                        void clip(int n, double *y, const double *x)
                        {
                            for (int i = 0; i < n; i++)
                                y[i] = x[i] * x[i];
                            if (n < 4)
                                return;
                            for (int i = 0; i < n; i++) {
                                if (i > n / 2)
                                    return;
                                y[i] = y[i] * x[i];
                            }
                            y[0] = 2.0 * y[0];
                        }
                        """),
                new Kernel("output and timer calls", "report", "--set n=20 --extent y=n --extent x=n", PASSIVE_CALLS),
                new Kernel("nested loops with break and continue", "nested", "--set n=12 --extent y=n --extent x=n", """
                        void nested(int n, double *y, const double *x)
                        {
                        #pragma ad gradient(y : x)
                            for (int i = 0; i < n; i++) {
                                double s = 0.0;
                                int j = 0;
                                while (1) {
                                    if (j == i) {
                                        j++;
                                        continue;
                                    }
                                    s = s + x[j] * y[i];
                                    j++;
                                    if (j >= n || j > i + 3)
                                        break;
                                }
                                y[i] = s;
                            }
                        }
                        """));
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-control-flow");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @Test
    void theTangentKeepsOutputAndTimersAndTheAdjointDropsThem() {
        CheckPipeline.Differentiated d = CheckPipeline.differentiate("report.c", PASSIVE_CALLS);
        assertEquals(CheckPipeline.Stage.PASSED, d.stage(), d.problem());
        String tangent = d.tangent().text();
        assertTrue(tangent.contains("#include <stdio.h>") && tangent.contains("#include <omp.h>"), tangent);
        assertTrue(tangent.contains("printf(\"step %d: %g\\n\", i, y[i]);"), tangent);
        assertTrue(tangent.contains("fprintf(stderr, \"%d cells in %.3f s\\n\", n, omp_get_wtime() - t0);"), tangent);
        String adjoint = d.adjoint().text();
        assertFalse(adjoint.contains("step %d") || adjoint.contains("cells in") || adjoint.contains("omp_get_wtime")
                || adjoint.contains("fflush"), adjoint);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void derivativesPassTheChecks(Kernel k) throws IOException {
        check(k, work);
    }

    /**
     * Generates, compiles and runs the check of {@code k} in {@code work}: the dot-product and
     * finite-difference tests must pass at 1 and 2 threads.
     */
    static void check(Kernel k, Path work) throws IOException {
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(k.function()), k.function(), k.source(),
                fn -> fn.equals(k.function()) ? CheckSpecParser.parse(Arrays.asList(k.options().split("\\s+"))) : null);
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(k + ": " + built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, k.function(), 200));
        }
        List<String> problems = new ArrayList<>();
        for (int threads : new int[] {1, 2}) {
            DriverRunner.Outcome run = CheckPipeline.runner().run(built.executable(), threads);
            CheckReport.Result r = run.report().result(k.function());
            if (r == null || !r.passed() || !(r.dotError() <= ExamplesTest.DOT_TOLERANCE)
                    || !(r.fdError() <= ExamplesTest.FD_TOLERANCE)) {
                problems.add(threads + " thread(s): " + (r == null ? "no result (exit " + run.exitCode() + ")"
                        : "dot-product rel_err=" + r.dotError() + ", finite-difference rel_err=" + r.fdError())
                        + "\n" + CheckPipeline.head(run.text(), 40));
            }
        }
        if (!problems.isEmpty()) {
            fail(k + ":\n" + String.join("\n", problems) + "\n" + CheckPipeline.files(built, k.function(), 200));
        }
    }
}
