package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.PrimalConflict;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;
import org.paradjoint.testsupport.ScratchDir;
import org.paradjoint.z3.Z3Prover;

/**
 * The premise "the primal loop is correctly parallel" is checked where it is no assumption about
 * the user's data: Floyd-Warshall parallel over the rows (iteration {@code i = k} writes
 * {@code path[k][j]}, which the others read) is reported naming both references, and its adjoint
 * protects every increment and overwrite of {@code pathb}. Before that, the adjoint reset
 * {@code pathb[k][j]} plainly while other iterations incremented it atomically, and its
 * dot-product test failed in a few percent of the runs at 2 threads.
 */
class PrimalRaceTest {

    static final String FLOYD_WARSHALL = """
            void floyd_warshall(int n, double path[n][n])
            {
                int i, j, k;
            #pragma ad gradient(path : path)
                for (k = 0; k < n; k++) {
            #pragma omp parallel for private(j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            path[i][j] = fmin(path[i][j], path[i][k] + path[k][j]);
                }
            }
            """;

    /**
     * As PolyBench writes it (a conditional, not {@code fmin}): the forward run records which side
     * each element took (one bit), and the adjoint reads the bits instead of a copy of {@code path}.
     */
    static final String FLOYD_WARSHALL_CONDITIONAL = """
            void floyd_warshall(int n, double path[n][n])
            {
                int i, j, k;
            #pragma ad gradient(path : path)
                for (k = 0; k < n; k++) {
            #pragma omp parallel for private(j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
                }
            }
            """;

    private static final Z3Prover Z3 = new Z3Prover();

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-primal-race");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    private static TranslationUnit parse(String name, String source) {
        ParseResult parsed = new CFrontEnd().parse(name, source);
        assertFalse(parsed.hasErrors(), parsed.diagnostics()::toString);
        return parsed.unit();
    }

    private static LoopReport loop(String source, String function) {
        RaceReport r = RaceAnalysis.analyze(parse("t.c", source).function(function).orElseThrow(), Z3,
                RaceOptions.defaults());
        assertEquals(1, r.loops().size());
        return r.loops().get(0);
    }

    @Test
    void floydWarshallRaceIsReportedNamingBothReferences() {
        TranslationUnit unit = parse("floyd_warshall.c", FLOYD_WARSHALL);
        RaceReport r = RaceAnalysis.analyze(unit.function("floyd_warshall").orElseThrow(), Z3, RaceOptions.defaults());
        LoopReport l = r.loops().get(0);
        assertEquals(1, l.conflicts().size(), l.conflicts()::toString);
        PrimalConflict c = l.conflicts().get(0);
        assertEquals("path[i][j]", ExprText.of(c.write()));
        assertEquals("path[k][j]", ExprText.of(c.other()));
        assertFalse(c.otherIsWrite());
        assertNotNull(c.counterexample());
        assertFalse(l.primalRaceFree("path"));
        for (Increment i : l.increments()) {
            assertFalse(i.isSafe(), i.message());
            assertTrue(i.reason().contains("not proven race-free"), i.reason());
        }
        Diagnostic d = r.diagnostics().stream().filter(x -> x.code().equals("race-primal-unproven"))
                .findFirst().orElseThrow(() -> new AssertionError(r.diagnostics().toString()));
        assertTrue(d.message().contains("path[i][j] (written) and path[k][j]"), d.message());
        assertEquals(9, d.range().line(), "located at the written reference");
        assertEquals(List.of("i", "path[i][j]", "path[k][j]"),
                List.of(d.argument("counter"), d.argument("write"), d.argument("other")));
    }

    @Test
    void racesOnCountersAloneAreReported() {
        LoopReport neighbour = loop("""
                void f(int n, double *a)
                {
                    int i;
                #pragma ad gradient(a : a)
                #pragma omp parallel for
                    for (i = 0; i < n - 1; i++)
                        a[i] = a[i] * a[i + 1];
                }
                """, "f");
        assertEquals(1, neighbour.conflicts().size());
        assertEquals("a[i + 1]", ExprText.of(neighbour.conflicts().get(0).other()));
        LoopReport inner = loop("""
                void f(int n, double *a, double *b)
                {
                    int i, j;
                #pragma ad gradient(a : b)
                #pragma omp parallel for private(j)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            a[i] = a[i] + b[j] * a[j];
                }
                """, "f");
        assertEquals(1, inner.conflicts().size());
        assertEquals("a[j]", ExprText.of(inner.conflicts().get(0).other()));
        assertTrue(inner.primalRaceFree("b"));
    }

    @Test
    void theRangeOfAnEnclosingLoopProvesAPair() {
        // Iterations i run over [n, 2n), the enclosing k over [0, n): a[i] never meets a[k].
        LoopReport l = loop("""
                void f(int n, double *a)
                {
                    int i, k;
                #pragma ad gradient(a : a)
                    for (k = 0; k < n; k++) {
                #pragma omp parallel for
                        for (i = n; i < 2 * n; i++)
                            a[i] = a[i] * a[k];
                    }
                }
                """, "f");
        assertTrue(l.conflicts().isEmpty(), l.conflicts()::toString);
        assertTrue(l.primalRaceFree("a"));
    }

    @Test
    void dataAndParametersStayAssumptions() {
        // c's entries and the offset m are the user's: the premise is taken, not questioned.
        LoopReport l = loop("""
                void f(int n, int m, double *a, const int *c)
                {
                    int i;
                #pragma ad gradient(a : a)
                #pragma omp parallel for
                    for (i = 0; i < n; i++)
                        a[c[i]] = a[c[i]] * a[i + m];
                }
                """, "f");
        assertTrue(l.conflicts().isEmpty(), l.conflicts()::toString);
    }

    @Test
    void floydWarshallAdjointPasses200RunsAtTwoThreads() throws IOException {
        TranslationUnit unit = parse("floyd_warshall.c", FLOYD_WARSHALL);
        FileResult tangent = Generated.tangent(unit);
        FileResult adjoint = Generated.raceAware(unit);
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics()::toString);
        assertTrue(adjoint.diagnostics().stream().anyMatch(d -> d.code().equals("race-primal-unproven")));
        String text = adjoint.text();
        // at any depth: the time loop over k is checkpointed by default (its steps taped within the budget)
        assertTrue(text.replaceAll("\\s+", " ").contains("#pragma omp atomic read tempb = pathb[i][j];"), text);
        assertFalse(text.contains("pathb[i][j] = 0.0"), text);
        Path exe = AdjointCheck.build(work, "floyd_warshall", FLOYD_WARSHALL, unit, tangent, adjoint,
                Map.of("floyd_warshall", CheckSpecParser.parse(List.of("--set", "n=20"))));
        assertTrue(AdjointCheck.run(exe, 1).passed());
        // Unprotected, 4 runs in 100 failed (n = 20); AdjointCheck.run throws on a failing run.
        for (int run = 0; run < 200; run++) {
            CheckReport report = AdjointCheck.run(exe, 2);
            assertTrue(report.result("floyd_warshall").passed(), "run " + run);
        }
    }

    @Test
    void floydWarshallWithRecordedBranchesPasses200RunsAtTwoThreads() throws IOException {
        TranslationUnit unit = parse("floyd_warshall.c", FLOYD_WARSHALL_CONDITIONAL);
        FileResult tangent = Generated.tangent(unit);
        FileResult adjoint = Generated.raceAware(unit);
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics()::toString);
        assertTrue(adjoint.diagnostics().stream().anyMatch(d -> d.code().equals("race-primal-unproven")));
        String text = adjoint.text();
        assertTrue(text.contains("pa_get_flag_word(") && text.contains("#pragma omp atomic read"), text);
        Path exe = AdjointCheck.build(work, "floyd_warshall", FLOYD_WARSHALL_CONDITIONAL, unit, tangent, adjoint,
                Map.of("floyd_warshall", CheckSpecParser.parse(List.of("--set", "n=20"))));
        assertTrue(AdjointCheck.run(exe, 1).passed());
        for (int run = 0; run < 200; run++) {
            CheckReport report = AdjointCheck.run(exe, 2);
            assertTrue(report.result("floyd_warshall").passed(), "run " + run);
        }
    }

    @Test
    void withoutTheRaceAnalysisFloydWarshallsAdjointProtectsEveryOverwrite() throws IOException {
        TranslationUnit unit = parse("floyd_warshall.c", FLOYD_WARSHALL);
        FileResult tangent = Generated.tangent(unit);
        // --no-race-analysis: no policy, so nothing is known about the primal loop either
        FileResult adjoint = Generated.allAtomic(unit);
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics()::toString);
        String text = adjoint.text();
        // at any depth: the time loop over k is checkpointed by default (its steps taped within the budget)
        assertTrue(text.replaceAll("\\s+", " ").contains("#pragma omp atomic read tempb = pathb[i][j];"), text);
        assertFalse(text.contains("pathb[i][j] = 0.0"), text);
        Path exe = AdjointCheck.build(work, "floyd_warshall", FLOYD_WARSHALL, unit, tangent, adjoint,
                Map.of("floyd_warshall", CheckSpecParser.parse(List.of("--set", "n=20"))));
        for (int run = 0; run < 200; run++) {
            CheckReport report = AdjointCheck.run(exe, 2);
            assertTrue(report.result("floyd_warshall").passed(), "run " + run);
        }
    }
}
