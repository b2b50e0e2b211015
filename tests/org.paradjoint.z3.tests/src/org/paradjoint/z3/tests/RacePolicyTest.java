package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.IncrementPolicy;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RacePolicy;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.RaceReportFormatter;
import org.paradjoint.z3.Z3Prover;

/**
 * The race analysis as the generator's increment policy: its answers, the warnings it gives for
 * what the generated code protects, increments it never classified (kept atomic), and the text
 * of {@code paradjoint analyze}.
 */
class RacePolicyTest {

    private static final Z3Prover Z3 = new Z3Prover();

    private static TranslationUnit parse(String file, String source) {
        ParseResult r = new CFrontEnd().parse(file, source);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        return r.unit();
    }

    @Test
    void policyAnswersWhatTheReportProves() {
        TranslationUnit u = parse("gfmc.c", Examples.text("gfmc.c"));
        List<RacePolicy> policies = new ArrayList<>();
        // the analysis sees the function reverse mode differentiates; gfmc_fused gets no report
        FileResult r = Generated.withAnalysis(u, prepared -> {
            RacePolicy p = prepared.name().equals("gfmc_split")
                    ? RacePolicy.of(RaceAnalysis.analyze(prepared, Z3, RaceOptions.defaults()))
                    : RacePolicy.of();
            policies.add(p);
            return p;
        });
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        List<RacePolicy.Decision> decisions = policies.stream().flatMap(p -> p.decisions().stream()).toList();
        List<String> answers = new ArrayList<>();
        for (RacePolicy.Decision d : decisions) {
            answers.add(d.loop().range().line() + " " + d.primal().var().name() + " " + d.safety());
        }
        // gfmc_split: 8 SAFE increments in the exchange loop (line 17), the flip loop's one UNSAFE;
        // gfmc_fused (line 45) was not analysed by this policy: all nine UNSAFE
        assertEquals(8, answers.stream().filter(a -> a.equals("17 cr SAFE")).count(), answers::toString);
        assertEquals(1, answers.stream().filter(a -> a.equals("31 cr UNSAFE")).count(), answers::toString);
        assertEquals(9, answers.stream().filter(a -> a.equals("45 cr UNSAFE")).count(), answers::toString);
        assertTrue(decisions.stream().filter(d -> d.loop().range().line() == 45).allMatch(d -> d.increment() == null));
    }

    @Test
    void aLoopThatIsNotANodeOfTheAnalysedFunctionIsNotClassifiedEvenAtTheSamePlace() {
        TranslationUnit u = parse("gfmc.c", Examples.text("gfmc.c"));
        Function split = u.function("gfmc_split").orElseThrow();
        // the report of the function as written: reverse mode differentiates a rebuilt copy
        RacePolicy policy = RacePolicy.of(RaceAnalysis.analyze(split, Z3, RaceOptions.defaults()));
        FileResult r = Generated.withPolicy(u, policy);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        assertFalse(policy.decisions().isEmpty());
        assertTrue(policy.decisions().stream().allMatch(d -> d.increment() == null
                && d.safety() == IncrementPolicy.Safety.UNSAFE), policy.decisions()::toString);
    }

    @Test
    void incrementsFromAnInlinedFunctionAreAnalysedWhereTheyAreInlined() {
        String source = """
                static double sq(const double *a, int k)
                {
                    return a[k] * a[k];
                }

                void f(int n, const int *c, const double *x, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[i] = sq(x, INDEX) + x[i];
                    }
                }
                """;
        // the callee's a[k] becomes x[k] with a fresh k = c[i]: an indirect index, not proven
        FileResult r = Generated.raceAware(parse("k.c", source.replace("INDEX", "c[i]")));
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        List<String> messages = r.diagnostics().stream().map(Diagnostic::message).toList();
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("adjoint increment xb[k] may collide between iterations "
                + "with xb[k]: no primal write pins c[i]")), messages::toString);
        assertEquals(List.of(true, true), xbAtomics(r), r.text());
        // with k = i every iteration touches its own element: both increments proven, no atomic
        r = Generated.raceAware(parse("k.c", source.replace("INDEX", "i")));
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
        assertFalse(xbAtomics(r).isEmpty(), r.text());
        assertFalse(xbAtomics(r).contains(true), r.text());
    }

    private static List<Boolean> xbAtomics(FileResult r) {
        List<Boolean> atomics = new ArrayList<>();
        StmtUtil.forEach(r.functions().get(0).body(), s -> {
            if (s instanceof Assign a && a.target() instanceof ArrayRef t && t.var().name().equals("xb")) {
                atomics.add(a.atomic());
            }
        });
        return atomics;
    }

    @Test
    void safeEverywhereMeansNoWarningAndNoAtomic() {
        TranslationUnit u = parse("indirect.c", Examples.text("indirect.c"));
        FileResult r = Generated.raceAware(u);
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
        assertFalse(r.text().contains("omp atomic"), r.text());
        assertTrue(r.text().contains("xb[c[i] + 7] += yb[c[i]];"), r.text());
    }

    @Test
    void policyWithoutReportsIsTheAtomicBaseline() {
        TranslationUnit u = parse("indirect.c", Examples.text("indirect.c"));
        RacePolicy none = RacePolicy.of();
        FileResult r = Generated.withPolicy(u, none);
        assertTrue(r.text().contains("#pragma omp atomic\n        xb[c[i] + 7] += yb[c[i]];"), r.text());
        assertEquals(IncrementPolicy.Safety.UNSAFE, none.decisions().get(0).safety());
    }

    @Test
    void analyzeTextGivesIncrementsVerdictReasonAndTimePerLoopAndArray() {
        TranslationUnit u = parse("gfmc.c", Examples.text("gfmc.c"));
        List<RaceReport> reports = RaceAwareDifferentiator.analyzeAll(u, DiffOptions.defaults(), Z3,
                RaceOptions.defaults());
        String text = RaceReportFormatter.format(reports);
        String[] lines = text.split("\n");
        assertTrue(lines[0].startsWith("gfmc.c: function gfmc_split: 2 parallel loops, 9 increments, 1 unsafe (z3 "),
                text);
        assertTrue(lines[1].matches("  gfmc.c:17:5: parallel loop over ig: 8 increments, 0 unsafe, \\d+ questions, "
                + "solver [0-9.]+ ms"), text);
        assertTrue(text.contains("    crb: 8 increments, SAFE, proof "), text);
        assertTrue(text.matches("(?s).*    crb: 1 increment, UNSAFE, proof [0-9.]+ ms \\(1 unsafe\\)\n"
                + "      gfmc.c:34:42: crb\\[k\\]\\[j\\]: adjoint increment crb\\[k\\]\\[j\\] may collide between "
                + "iterations with crb\\[k\\]\\[j\\]: no primal write pins flip\\[ig\\] \\(counterexample: .*"), text);
        assertTrue(text.contains("    clb: no increment"), text);
        assertTrue(lines[lines.length - 1].matches("2 functions, 3 parallel loops, 18 increments, 10 unsafe; analysis "
                + "[0-9.]+ ms"), text);
    }

    @Test
    void analyzeSaysThatSharedScalarAdjointsAreSummedPerThread() {
        TranslationUnit u = parse("gemm.c", """
                void gemm(int n, double alpha, double C[n][n], const double A[n][n], const double B[n][n])
                {
                    int i, j, k;
                #pragma ad gradient(C : alpha, A)
                #pragma omp parallel for private(j, k)
                    for (i = 0; i < n; i++)
                        for (k = 0; k < n; k++)
                            for (j = 0; j < n; j++)
                                C[i][j] += alpha * A[i][k] * B[k][j];
                }
                """);
        String text = RaceReportFormatter.format(RaceAwareDifferentiator.analyzeAll(u, DiffOptions.defaults(), Z3,
                RaceOptions.defaults()));
        assertTrue(text.contains("    alphab: shared scalar, summed per thread (reduction(+: ...)) and added once "
                + "after the loop, no atomic\n"), text);
        String adjoint = Generated.raceAware(u).text();
        assertTrue(adjoint.contains("reduction(+: pa_alphab)") && adjoint.contains("alphab[0] += pa_alphab;"),
                adjoint);
    }

    @Test
    void analyzeSaysWhichAdjointArraysAreAccumulatedPerThreadAndWhichKeepAtomics() {
        TranslationUnit u = parse("two.c", """
                void gemm(int n, double C[n][n], const double A[n][n], const double B[n][n])
                {
                    int i, j, k;
                #pragma ad gradient(C : A, B)
                #pragma omp parallel for private(j, k)
                    for (i = 0; i < n; i++)
                        for (k = 0; k < n; k++)
                            for (j = 0; j < n; j++)
                                C[i][j] += A[i][k] * B[k][j];
                }

                void gather(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++)
                        y[i] = x[i - 1] + x[i + 1];
                }
                """);
        String text = RaceReportFormatter.format(RaceAwareDifferentiator.analyzeAll(u, DiffOptions.defaults(), Z3,
                RaceOptions.defaults()));
        assertTrue(text.contains("    Bb: accumulated per thread (race strategy private: thread 0 into Bb, the others "
                + "into zeroed copies added after the loop), no atomic\n"), text);
        assertTrue(text.contains("    xb: keeps omp atomic (race strategy private): the extents of x are not declared"),
                text);
    }
}
