package org.paradjoint.race;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.internal.Activity;
import org.paradjoint.race.internal.Exploiter;
import org.paradjoint.race.internal.LoopExtractor;
import org.paradjoint.race.internal.LoopModel;

/**
 * Race analysis of the adjoints of OpenMP parallel loops (FormAD's method): the primal loop is
 * correctly parallel, so any two of its references to one shared array, one a write, touch
 * different elements in different iterations. Those facts are given to a {@link Prover} with
 * the question whether two iterations can make the same adjoint element collide; unsatisfiable
 * means SAFE, anything else UNSAFE.
 * <p>
 * Typical use by the reverse-mode generator:
 * <pre>
 * RaceReport r = RaceAnalysis.analyze(function, prover, RaceOptions.defaults());
 * boolean plain = r.verdict(parallelFor, primalRead) == Verdict.SAFE;
 * </pre>
 */
public final class RaceAnalysis {

    private RaceAnalysis() {
    }

    public static RaceReport analyze(Function f, Prover prover) {
        return analyze(f, prover, RaceOptions.defaults());
    }

    public static RaceReport analyze(Function f, Prover prover, RaceOptions options) {
        long t0 = System.nanoTime();
        Set<Variable> active = active(f, options);
        List<Nest> loops = new ArrayList<>();
        parallelLoops(f.body(), new ArrayList<>(), loops);
        List<LoopReport> reports = new ArrayList<>();
        if (!loops.isEmpty()) {
            try (ProverSession session = prover.open()) {
                for (Nest n : loops) {
                    reports.add(analyzeLoop(n.loop(), n.around(), active, session, options));
                }
            }
        }
        return new RaceReport(f, prover.name(), reports, diagnostics(reports),
                Duration.ofNanos(System.nanoTime() - t0));
    }

    /** One loop of {@code f}: what {@link RaceReport#verdict} answers, without the other loops. */
    public static LoopReport analyzeLoop(Function f, For loop, Prover prover, RaceOptions options) {
        Set<Variable> active = active(f, options);
        List<Nest> loops = new ArrayList<>();
        parallelLoops(f.body(), new ArrayList<>(), loops);
        List<For> enclosing = loops.stream().filter(n -> n.loop() == loop).map(Nest::around).findFirst()
                .orElse(List.of());
        try (ProverSession session = prover.open()) {
            return analyzeLoop(loop, enclosing, active, session, options);
        }
    }

    /** The active variables of {@code f}: between the options' dependents and independents, or the gradient's. */
    private static Set<Variable> active(Function f, RaceOptions options) {
        List<String> deps = options.dependents();
        List<String> indeps = options.independents();
        if (deps.isEmpty() && indeps.isEmpty()) {
            List<List<String>> g = Activity.gradientVariables(f);
            deps = g.get(0);
            indeps = g.get(1);
        }
        return Activity.active(f, deps, indeps);
    }

    private static LoopReport analyzeLoop(For loop, List<For> enclosing, Set<Variable> active, ProverSession session,
            RaceOptions options) {
        try {
            LoopModel model = LoopExtractor.extract(loop, enclosing, active, options.useBounds(),
                    options::adjointName);
            return PerThreadVerdicts.of(loop,
                    Exploiter.run(model, session, options).withSummedScalars(summedScalars(loop, active, options)));
        } catch (ArithmeticException ex) {
            // Constants beyond 64 bits while normalising: nothing is proven, every lookup is UNSAFE.
            return new LoopReport(loop, loop.range(), loop.counter().name(), List.of(), null, List.of(),
                    "integer overflow in index arithmetic", List.of(), 0, Duration.ZERO);
        }
    }

    /**
     * The adjoints of the active scalars {@code loop} reads but no iteration writes (shared:
     * not private, not a counter, not declared in the body, not a reduction variable).
     */
    private static List<String> summedScalars(For loop, Set<Variable> active, RaceOptions options) {
        Set<Variable> written = StmtUtil.writes(loop);
        written.addAll(loop.omp().privates());
        written.addAll(loop.omp().firstprivates());
        Set<Variable> read = new LinkedHashSet<>();
        StmtUtil.forEachExpr(loop.body(), e -> {
            if (e instanceof VarRef r && r.var().isScalar() && active.contains(r.var())) {
                read.add(r.var());
            }
        });
        read.removeAll(written);
        return read.stream().map(v -> options.adjointName(v.name())).toList();
    }

    /** A parallel loop and the loops around it in the function, outermost first. */
    private record Nest(For loop, List<For> around) {
    }

    /** Every parallel loop under {@code s}, in source order. */
    private static void parallelLoops(Stmt s, List<For> around, List<Nest> out) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> parallelLoops(x, around, out));
            case If i -> {
                parallelLoops(i.then(), around, out);
                if (i.otherwise() != null) {
                    parallelLoops(i.otherwise(), around, out);
                }
            }
            case For f -> {
                if (f.isParallel()) {
                    out.add(new Nest(f, List.copyOf(around)));
                }
                around.add(f);
                parallelLoops(f.body(), around, out);
                around.remove(around.size() - 1);
            }
            default -> {
            }
        }
    }

    private static List<Diagnostic> diagnostics(List<LoopReport> loops) {
        List<Diagnostic> out = new ArrayList<>();
        for (LoopReport l : loops) {
            if (l.primalRace() != null) {
                out.add(Diagnostic.warning("race-probable-primal-race", l.range(), "counter", l.counter(),
                        "race", l.primalRace()));
            }
            for (PrimalConflict c : l.conflicts()) {
                out.add(Diagnostic.warning("race-primal-unproven", c.range(), "counter", l.counter(),
                        "conflict", c.message(), "write", ExprText.of(c.write()), "other", ExprText.of(c.other())));
            }
            if (l.primalRace() == null && l.unsupported() != null) {
                out.add(Diagnostic.info("race-unsupported", l.range(), "counter", l.counter(),
                        "reason", l.unsupported()));
            }
            for (Increment i : l.increments()) {
                if (!i.isSafe()) {
                    out.add(RaceReport.unsafeIncrement(i.range(), i.adjoint(), i.reason(), i.counterexample()));
                }
            }
        }
        return out;
    }
}
