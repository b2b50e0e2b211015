package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.PinnedIteration;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RacePolicy;
import org.paradjoint.race.RaceReport;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;
import org.paradjoint.z3.Z3Prover;

/**
 * Floyd-Warshall parallel over the rows: every primal conflict comes from iteration {@code i = k}
 * (it writes row {@code k}, which the others read), so the adjoint tests each step at run time
 * whether that iteration kept every value of its row (its recorded directions), and runs then the
 * adjoint of the race-free step (no atomics, row {@code k}'s increments per thread), else the
 * protected one. A dot-product test (the generated tangent against the generated adjoint) in a
 * driver of its own checks both: weights that keep the diagonal positive (every step race-free),
 * a negative diagonal entry (its step is not; at one thread the primal is the sequential loop,
 * whose adjoint the protected step must give exactly), and, at 2 and 4 threads, a negative
 * diagonal entry of a vertex no edge leads to (the primal's result then does not depend on the
 * schedule). The adjoint with the test forced to "race-free" fails the negative diagonal.
 */
class PinnedStepsTest {

    /** The benchmark's form: ties keep {@code path[i][j]}. */
    static final String FLOYD = """
            void floyd(int n, double path[n][n])
            {
                int i, j, k;
            #pragma ad gradient(path : path)
                for (k = 0; k < n; k++) {
            #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            path[i][j] = path[i][j] <= path[i][k] + path[k][j] ? path[i][j]
                                                                               : path[i][k] + path[k][j];
                }
            }
            """;

    /**
     * Runs the dot-product test {@code runs} times (inputs from seeds 1, 2, ...) and exits with 1 at
     * the first failure. Inputs (kind): 0 weights in [0.5, 1.5); 1 as 0 with path[m][m] in
     * [-1.5, -0.5) for a random m >= 1; 2 as 1 with no edge into m (column m infinite off the
     * diagonal).
     */
    private static final String DRIVER = """
            #include <math.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include "floyd.c"
            #include "floyd_d.c"
            #include "floyd_b.c"

            static unsigned long long state;

            static double uniform(void)
            {
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                return (double) (state >> 11) / 9007199254740992.0;
            }

            static int check(int n, int kind, unsigned long long seed)
            {
                size_t bytes = sizeof(double) * (size_t) n * (size_t) n;
                double (*p0)[n] = malloc(bytes), (*p)[n] = malloc(bytes), (*pd)[n] = malloc(bytes);
                double (*xd)[n] = malloc(bytes), (*yb)[n] = malloc(bytes), (*pb)[n] = malloc(bytes);
                double lhs = 0.0, rhs = 0.0, rel;
                int i, j;
                state = seed;
                for (i = 0; i < n; i++)
                    for (j = 0; j < n; j++) {
                        p0[i][j] = 0.5 + uniform();
                        xd[i][j] = 2.0 * uniform() - 1.0;
                        yb[i][j] = 2.0 * uniform() - 1.0;
                    }
                if (kind > 0) {
                    int m = 1 + (int) (uniform() * (n - 1));
                    p0[m][m] = -0.5 - uniform();
                    for (i = 0; kind == 2 && i < n; i++)
                        if (i != m)
                            p0[i][m] = INFINITY;
                }
                memcpy(p, p0, bytes);
                memcpy(pd, xd, bytes);
                floyd_d(n, p, pd);
                for (i = 0; i < n; i++)
                    for (j = 0; j < n; j++)
                        lhs += yb[i][j] * pd[i][j];
                memcpy(p, p0, bytes);
                memcpy(pb, yb, bytes);
                floyd_b(n, p, pb);
                for (i = 0; i < n; i++)
                    for (j = 0; j < n; j++)
                        rhs += pb[i][j] * xd[i][j];
                rel = fabs(lhs - rhs) / fmax(fabs(lhs), 1e-300);
                free(p0); free(p); free(pd); free(xd); free(yb); free(pb);
                if (!(rel <= 1e-10)) {
                    printf("seed %llu: tangent %.17g adjoint %.17g (rel %.3g)\\n", seed, lhs, rhs, rel);
                    return 0;
                }
                return 1;
            }

            int main(int argc, char **argv)
            {
                int n = argc > 3 ? atoi(argv[1]) : 0, kind = argc > 3 ? atoi(argv[2]) : 0;
                int runs = argc > 3 ? atoi(argv[3]) : 0;
                for (int r = 1; r <= runs; r++)
                    if (!check(n, kind, (unsigned long long) r))
                        return 1;
                printf("ok %d runs\\n", runs);
                return 0;
            }
            """;

    /** Not a multiple of 32: the last word of a row's directions is partly used. */
    private static final String N = "37";
    private static final int RUNS = 200;

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-pinned-steps");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static TranslationUnit parse(String source) {
        ParseResult parsed = new CFrontEnd().parse("floyd.c", source);
        assertFalse(parsed.hasErrors(), parsed.diagnostics()::toString);
        return parsed.unit();
    }

    /** The driver built with the tangent and {@code adjoint}. */
    private Path build(TranslationUnit unit, String adjoint) throws IOException {
        Files.writeString(work.resolve("floyd.c"), FLOYD);
        Files.writeString(work.resolve("floyd_d.c"), Generated.tangent(unit).text());
        Files.writeString(work.resolve("floyd_b.c"), adjoint);
        Files.writeString(work.resolve("driver.c"), DRIVER);
        // the adjoint on its own with the flags generated code must pass; the driver includes the
        // primal, whose ad pragma gcc does not know
        Gcc.object(work.resolve("floyd_b.c"), Gcc.STRICT);
        Path obj = Gcc.object(work.resolve("driver.c"), Gcc.USER);
        return Gcc.link(work, "driver", List.of(obj));
    }

    private static Processes.Result run(Path exe, int threads, int kind) {
        return Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 120, N, Integer.toString(kind),
                Integer.toString(RUNS));
    }

    private static void assertPasses(Path exe, int threads, int kind) {
        Processes.Result r = run(exe, threads, kind);
        assertTrue(r.ok(), "kind " + kind + ", " + threads + " thread(s): " + r.output());
    }

    private static FileResult adjoint(TranslationUnit unit) {
        FileResult adjoint = Generated.raceAware(unit);
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics()::toString);
        return adjoint;
    }

    @Test
    void theRaceAnalysisPinsTheConflictsToIterationK() {
        Function f = parse(FLOYD).function("floyd").orElseThrow();
        Z3Prover z3 = new Z3Prover();
        RaceReport report = RaceAnalysis.analyze(f, z3, RaceOptions.defaults());
        For loop = report.loops().get(0).loop();
        assertFalse(report.loops().get(0).conflicts().isEmpty());
        PinnedIteration pin = RacePolicy.withPinnedIterations(f, report, z3, RaceOptions.defaults()).pinned(loop);
        assertNotNull(pin);
        assertEquals("k", CPrinter.print(pin.iteration()));
        assertEquals(0, pin.dimension());
        assertEquals(List.of("path[i][j]"), pin.writes().stream().map(ExprText::of).toList());
        assertEquals(List.of("path[k][j]", "path[k][j]"), pin.reads().stream().map(ExprText::of).toList());
    }

    @Test
    void raceFreeStepsRunWithoutAtomicsAndPass200RunsAtOneTwoAndFourThreads() throws IOException {
        TranslationUnit unit = parse(FLOYD);
        FileResult adjoint = adjoint(unit);
        String text = adjoint.text();
        // the warning naming both references stays (the protected step is still there)
        assertTrue(adjoint.diagnostics().stream().anyMatch(d -> d.code().equals("race-primal-unproven")
                && d.message().contains("path[i][j] (written) and path[k][j]")), adjoint.diagnostics()::toString);
        assertTrue(adjoint.diagnostics().stream().anyMatch(d -> d.code().equals("race-pinned-step")),
                adjoint.diagnostics()::toString);
        assertTrue(text.contains("if (pa_kept) {"), text);
        assertTrue(text.contains("pa_thread_part((double *) pathb[k], "), text);
        assertTrue(text.contains("if (i != k) {"), text);
        assertTrue(text.contains("#pragma omp atomic read"), "the protected step: " + text);
        Path exe = build(unit, text);
        for (int threads : new int[] {1, 2, 4}) {
            assertPasses(exe, threads, 0);
        }
    }

    @Test
    void aNegativeDiagonalEntryTakesTheProtectedStep() throws IOException {
        TranslationUnit unit = parse(FLOYD);
        Path exe = build(unit, adjoint(unit).text());
        // one thread: the primal is the sequential loop, racy step or not
        assertPasses(exe, 1, 1);
        // a vertex no edge leads to: its step's writes are read by no path, whatever the schedule
        for (int threads : new int[] {1, 2, 4}) {
            assertPasses(exe, threads, 2);
        }
    }

    @Test
    void forcingTheRaceFreeStepFailsOnANegativeDiagonal() throws IOException {
        TranslationUnit unit = parse(FLOYD);
        String text = adjoint(unit).text();
        assertTrue(text.contains("pa_kept = 0;"), text);
        Path exe = build(unit, text.replace("pa_kept = 0;", "pa_kept = 1;"));
        assertPasses(exe, 1, 0);
        Processes.Result r = run(exe, 1, 1);
        assertFalse(r.ok(), "the race-free step's adjoint on a step that was not race-free: " + r.output());
    }
}
