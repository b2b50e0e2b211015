package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.Kernels;
import org.paradjoint.core.tests.support.TinyC;

/**
 * The increment policy and the race strategy of reverse mode: SAFE increments are plain,
 * UNSAFE ones atomic or, with {@link RaceStrategy#REDUCTION}, plain inside a
 * {@code reduction(+: ...)} clause. Checked on the generated IR (atomic flags, clauses) and
 * numerically with 1 and 2 threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class RaceStrategyTest {

    private static final String GATHER = """
            void gather(int n, double *y, const double x[n], double s)
            {
                int i;
            #pragma ad gradient(y : x, s)
            #pragma omp parallel for private(i)
                for (i = 1; i < n - 1; i++) {
                    y[i] = s * (x[i - 1] + 2.0 * x[i] * x[i] + x[i + 1]);
                }
            }
            """;

    private static final String SQUARE = """
            void square(int n, double *y, const double *x)
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++) {
                    y[i] = x[i] * x[i];
                }
            }
            """;

    @Test
    void withoutPolicyEverySharedIncrementIsAtomic() {
        Function b = reverse(SQUARE, "square", DiffOptions.defaults());
        // without a policy nothing is known about the primal loop, but the loop reads no y: no
        // other iteration increments yb, whose overwrite stays plain
        assertEquals(List.of("xb true"), increments(b));
    }

    @Test
    void safeIncrementsArePlainAndThePolicySeesTheLoopAndTheRead() {
        List<String> asked = new ArrayList<>();
        IncrementPolicy policy = (loop, ref) -> {
            asked.add(loop.counter().name() + " " + ref.var().name() + " " + ref.range().line());
            return IncrementPolicy.Safety.SAFE;
        };
        String[] out = Kernels.check(SQUARE, "square", DiffOptions.defaults().withIncrementPolicy(policy),
                c -> c.set("n", "17").size("x", "n").size("y", "n"));
        assertFalse(out[1].contains("omp atomic"), out[1]);
        assertTrue(asked.contains("i x 7"), asked::toString);
    }

    @Test
    void unsafeIncrementsStayAtomicAndScalarsAreNeverSafe() {
        IncrementPolicy policy = (loop, ref) -> ref.indices().get(0) instanceof VarRef
                ? IncrementPolicy.Safety.SAFE : IncrementPolicy.Safety.UNSAFE;
        DiffOptions o = DiffOptions.defaults().withIncrementPolicy(policy);
        Function b = reverse(GATHER, "gather", o);
        // x[i - 1] and x[i + 1] unsafe, x[i] "safe" per this (made-up) policy; s is never safe: its
        // adjoint sums into a thread-local copy (a reduction), combined into sb once after the loop
        assertEquals(List.of("xb true", "xb false", "xb true"), increments(b));
        String text = CPrinter.printFile(List.of(b));
        assertTrue(text.contains("reduction(+: pa_sb)") && text.contains("pa_sb += ")
                && text.contains("sb[0] += pa_sb;"), text);
    }

    @Test
    void reductionStrategyPutsUnsafeAdjointsInTheClause() {
        // a small array of constant size: its private copies fit on the threads' stacks
        String small = GATHER.replace("const double x[n]", "const double x[40]");
        DiffOptions o = DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION);
        String[] out = Kernels.check(small, "gather", o, c -> c.set("n", "40").size("x", "n").size("y", "n"));
        assertTrue(out[1].contains("reduction(+: pa_sb, xb[:40])"), out[1]);
        assertFalse(out[1].contains("omp atomic"), out[1]);
        assertTrue(increments(reverse(small, "gather", o)).stream().noneMatch(s -> s.endsWith("true")));
    }

    @Test
    void reductionOfAScalarLocalAndOfAMultiDimensionalArray() {
        String[] out = Kernels.check("""
                void f(int n, int m, const double a[6][5], const double *s, double *y)
                {
                    int i, j;
                    double t;
                #pragma ad gradient(y : a, s)
                    t = s[0] * s[1];
                #pragma omp parallel for private(i, j)
                    for (i = 0; i < n; i++) {
                        for (j = 0; j < m; j++) {
                            y[i] = y[i] + t * a[(i + j) % n][j] * a[(i + j) % n][j];
                        }
                    }
                }
                """, "f", DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION),
                c -> c.set("n", "6").set("m", "5").size("a", "n*m").size("s", "2").size("y", "n"));
        assertTrue(out[1].contains("reduction(+: ab[:6][:5], tb)") || out[1].contains("reduction(+: tb, ab[:6][:5])"),
                out[1]);
    }

    /**
     * A reduction clause's private copies live on each thread's stack (gcc allocates them there):
     * an adjoint array of run-time size is accumulated per thread on the heap instead, with an info.
     */
    @Test
    void aRunTimeSizedAdjointIsAccumulatedOnTheHeapNotInAReductionClause() {
        String src = """
                void g(int n, double *y, const double x[n][n])
                {
                    int i, j;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i, j)
                    for (i = 1; i < n - 1; i++) {
                        for (j = 0; j < n; j++) {
                            y[i] += x[i - 1][j] * x[i + 1][j];
                        }
                    }
                }
                """;
        DiffOptions o = DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION);
        DiffResult r = Differentiator.differentiate(TinyC.parse("k.c", src), "g", Mode.REVERSE, o);
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("race-reduction-on-heap")),
                r.diagnostics()::toString);
        String[] out = Kernels.check(src, "g", o, c -> c.set("n", "30").size("x", "n*n").size("y", "n"));
        assertFalse(out[1].contains("xb[:n]"), out[1]);
        assertTrue(out[1].contains("pa_thread_buffers"), out[1]);
    }

    @Test
    void unknownExtentIsALocatedErrorUnlessGiven() {
        String src = """
                void g(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 1; i < n - 1; i++) {
                        y[i] = x[i - 1] - x[i + 1];
                    }
                }
                """;
        DiffOptions o = DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION);
        DiffResult r = Differentiator.differentiate(TinyC.parse("k.c", src), "g", Mode.REVERSE, o);
        assertNull(r.function());
        Diagnostic d = r.diagnostics().get(0);
        assertEquals("reduction-extent-unknown", d.code(), d::format);
        assertEquals(7, d.range().line(), d::format);
        assertTrue(d.message().contains("double x[n]") && d.message().contains("--extent x="), d.message());

        String[] out = Kernels.check(src, "g", o.withExtents(Map.of("x", "30")),
                c -> c.set("n", "30").size("x", "n").size("y", "n"));
        assertTrue(out[1].contains("reduction(+: xb[:30])"), out[1]);
    }

    @Test
    void invalidGivenExtentIsAnError() {
        DiffOptions o = DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION)
                .withExtents(Map.of("x", "m + 1"));
        DiffResult r = Differentiator.differentiate(TinyC.parse("k.c", SQUARE), "square", Mode.REVERSE, o);
        assertNull(r.function());
        assertEquals("invalid-extent", r.diagnostics().get(0).code());
        assertTrue(r.diagnostics().get(0).message().contains("'m' is not a parameter"), r.diagnostics()::toString);
    }

    @Test
    void adjointAlsoReadInTheLoopKeepsItsAtomicsWithAWarning() {
        String src = """
                void pairs(int n, double a[2 * n])
                {
                    int i;
                #pragma ad gradient(a : a)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        a[2 * i] = a[2 * i + 1] * a[2 * i + 1];
                    }
                }
                """;
        DiffOptions o = DiffOptions.defaults().withRaceStrategy(RaceStrategy.REDUCTION);
        DiffResult r = Differentiator.differentiate(TinyC.parse("k.c", src), "pairs", Mode.REVERSE, o);
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("race-reduction-not-applicable")),
                r.diagnostics()::toString);
        // the increment of ab[2 * i + 1] and the protected overwrite of ab[2 * i] (the loop reads
        // a at an element it does not write: without a prover, a primal race cannot be excluded)
        assertEquals(List.of("ab true", "ab true"), increments(r.function()));
        Kernels.check(src, "pairs", o, c -> c.set("n", "9").size("a", "2*n"));
    }

    private static Function reverse(String src, String fn, DiffOptions o) {
        TranslationUnit u = TinyC.parse(fn + ".c", src);
        return Kernels.differentiate(u, fn, Mode.REVERSE, o).function();
    }

    /** "adjoint atomic" for every increment inside a parallel loop of {@code f}, in order. */
    private static List<String> increments(Function f) {
        List<String> out = new ArrayList<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof For loop && loop.isParallel()) {
                StmtUtil.forEach(loop.body(), x -> {
                    if (x instanceof Assign a && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                            && a.target() instanceof ArrayRef t && t.var().name().endsWith("b")) {
                        out.add(t.var().name() + " " + a.atomic());
                    }
                });
            }
        });
        return out;
    }
}
