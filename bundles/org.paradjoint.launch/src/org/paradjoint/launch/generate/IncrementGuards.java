package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceReport;

/**
 * Applies race verdicts to a generated adjoint. Reverse mode guards every increment of a shared
 * adjoint in a parallel loop with {@code omp atomic}; each increment keeps the source range of
 * the primal reference it comes from, which is also where the race analysis reports its verdict.
 * A proven (SAFE) increment becomes a plain {@code +=}. With {@link RaceStrategy#REDUCTION}, an
 * adjoint array whose remaining increments are unproven goes into a {@code reduction(+: a[:len])}
 * clause instead, when the loop only ever increments it and its length is known.
 */
final class IncrementGuards {

    private final Set<RangeKey> proven = new LinkedHashSet<>();
    private final RaceStrategy strategy;
    private final ReductionLengths lengths;
    private final Function primal;
    private final Map<Variable, Variable> primalOfDerivative = new LinkedHashMap<>();
    private final List<Diagnostic> notes = new ArrayList<>();

    private IncrementGuards(Function primal, DerivativeSignature signature, RaceReport report, RaceStrategy strategy,
            ReductionLengths lengths) {
        this.primal = primal;
        this.strategy = strategy;
        this.lengths = lengths;
        for (LoopReport loop : report.loops()) {
            for (Increment i : loop.increments()) {
                RangeKey k = RangeKey.of(i.range());
                if (i.isSafe() && k != null) {
                    proven.add(k);
                }
            }
        }
        for (DerivativeSignature.Param p : signature.params()) {
            if (p.isActive()) {
                primalOfDerivative.put(p.derivative(), p.primal());
            }
        }
    }

    /** The adjoint with guards decided by {@code report}, and notes on reductions that were not possible. */
    record Outcome(Function adjoint, List<Diagnostic> notes) {
    }

    static Outcome apply(Function adjoint, Function primal, DerivativeSignature signature, RaceReport report,
            RaceStrategy strategy, ReductionLengths lengths) {
        IncrementGuards g = new IncrementGuards(primal, signature, report, strategy, lengths);
        Function out = adjoint.withBody((Block) g.rewrite(adjoint.body(), null));
        return new Outcome(out, List.copyOf(g.notes));
    }

    /** Whether a function has any guarded increment (else there is nothing to prove). */
    static boolean hasAtomics(Function f) {
        boolean[] found = {false};
        StmtUtil.forEach(f.body(), s -> found[0] |= s instanceof Assign a && a.atomic());
        return found[0];
    }

    /** The reduction arrays of the parallel loop being rewritten: adjoint -> length. */
    private record Reductions(Map<Variable, String> arrays) {
    }

    private Stmt rewrite(Stmt s, Reductions red) {
        return switch (s) {
            case Block b -> new Block(b.stmts().stream().map(x -> rewrite(x, red)).toList(), b.range());
            case If i -> new If(i.cond(), (Block) rewrite(i.then(), red),
                    i.otherwise() == null ? null : (Block) rewrite(i.otherwise(), red), i.range());
            case For f when f.isParallel() -> parallel(f);
            case For f -> f.withBody((Block) rewrite(f.body(), red));
            case Assign a when a.atomic() -> guard(a, red);
            default -> s;
        };
    }

    private Assign guard(Assign a, Reductions red) {
        if (red != null && red.arrays().containsKey(a.target().var())) {
            return a.withAtomic(false);
        }
        RangeKey k = RangeKey.of(a.range());
        return k != null && proven.contains(k) ? a.withAtomic(false) : a;
    }

    private For parallel(For f) {
        Reductions red = new Reductions(new LinkedHashMap<>());
        if (strategy == RaceStrategy.REDUCTION) {
            for (Variable adj : unprovenTargets(f)) {
                reductionLength(f, adj).ifPresent(len -> red.arrays().put(adj, len));
            }
        }
        For body = f.withBody((Block) rewrite(f.body(), red));
        if (red.arrays().isEmpty()) {
            return body;
        }
        OmpParallelFor omp = f.omp();
        List<Variable> shared = omp.shared().stream().filter(v -> !red.arrays().containsKey(v)).toList();
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>(omp.reductions());
        List<Variable> sections = new ArrayList<>();
        // The printer writes reduction items by name: an array section is spelled as the item's name.
        red.arrays().forEach((v, len) -> sections.add(v.withName(v.name() + "[:" + len + "]")));
        reductions.add(new OmpParallelFor.Reduction("+", sections));
        return body.withOmp(omp.withShared(shared).withReductions(reductions));
    }

    /** Adjoint arrays with an increment in {@code f} that no proof covers, in order of appearance. */
    private Set<Variable> unprovenTargets(For f) {
        Set<Variable> out = new LinkedHashSet<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Assign a && a.atomic()) {
                RangeKey k = RangeKey.of(a.range());
                if (k == null || !proven.contains(k)) {
                    out.add(a.target().var());
                }
            }
        });
        return out;
    }

    private Optional<String> reductionLength(For f, Variable adjoint) {
        Variable array = primalOfDerivative.get(adjoint);
        String why = null;
        Optional<String> len = Optional.empty();
        if (array == null || adjoint.rank() != 1) {
            why = "only one-dimensional adjoint parameters can be reduced";
        } else if (!onlyIncremented(f, adjoint)) {
            why = "the adjoint loop also reads or overwrites it";
        } else {
            len = lengths.of(primal, array);
            if (len.isEmpty()) {
                why = "its length is unknown (give the array an extent, or index it affinely in the loop counters)";
            }
        }
        if (why != null) {
            notes.add(Diagnostic.warning("reduction-unavailable", f.range(), "'" + adjoint.name()
                    + "' keeps omp atomic instead of a reduction clause in the adjoint of the loop over "
                    + f.counter().name() + ": " + why));
        }
        return len;
    }

    /** True when every reference to {@code v} in the loop is the target of a {@code +=} or {@code -=}. */
    private static boolean onlyIncremented(For f, Variable v) {
        boolean[] ok = {true};
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Assign a) {
                boolean increment = a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
                if (a.target().var().equals(v) && !increment || ExprUtil.references(a.value(), v)
                        || indexMentions(a, v)) {
                    ok[0] = false;
                }
            } else if (!(s instanceof Block || s instanceof For || s instanceof If)) {
                for (Expr e : StmtUtil.ownExprs(s)) {
                    ok[0] &= !ExprUtil.references(e, v);
                }
            } else if (s instanceof If i) {
                ok[0] &= !ExprUtil.references(i.cond(), v);
            }
        });
        return ok[0];
    }

    private static boolean indexMentions(Assign a, Variable v) {
        return a.target() instanceof org.paradjoint.core.ir.ArrayRef r
                && r.indices().stream().anyMatch(e -> ExprUtil.references(e, v));
    }
}
