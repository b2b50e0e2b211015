package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.analysis.LoopSlices;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.OmpParallelFor.PrivateAccumulator;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * {@link RaceStrategy#PRIVATE}: the shared adjoint arrays with UNSAFE increments in one adjoint
 * loop are accumulated per thread instead of with {@code omp atomic}. Thread 0 adds into the
 * shared adjoint itself, each other thread into its own zeroed copy, and the copies are added to
 * the shared adjoint after the loop ({@link PrivateAccumulator}, printed by the C printer). That
 * is right only for an adjoint the adjoint iteration does nothing but increment; it needs the
 * array's extents (the copy must hold every element an increment can reach), and it is done only
 * for adjoints of the function's array parameters of type double, so that a copy per thread is at
 * most the size of one of its arguments. Anything else keeps its atomics, with a warning that says
 * why. Fortran loops keep their atomics (the Fortran printer has no form for the copies).
 */
final class PerThreadAdjoints {

    /** The adjoints accumulated per thread and their views; empty when the loop has none. */
    private final Map<Variable, PrivateAccumulator> accumulators;

    private PerThreadAdjoints(Map<Variable, PrivateAccumulator> accumulators) {
        this.accumulators = accumulators;
    }

    /**
     * The adjoints of {@code unsafe} (each adjoint array with an UNSAFE increment in the adjoint
     * iteration {@code iteration} of the primal parallel {@code loop}, to the primal reference of
     * its first one) that are accumulated per thread; nothing unless the strategy is PRIVATE.
     */
    static PerThreadAdjoints plan(For loop, List<Stmt> iteration, Map<Variable, LValue> unsafe, DiffContext cx) {
        Map<Variable, PrivateAccumulator> out = new LinkedHashMap<>();
        if (loop.counter().layout() == Layout.COLUMN_MAJOR) {
            return new PerThreadAdjoints(out);
        }
        Variable threads = null;
        for (Map.Entry<Variable, LValue> e : unsafe.entrySet()) {
            Variable adjoint = e.getKey();
            LValue primal = e.getValue();
            if (primal.var().hasRuntimeShape()) {
                // a Kokkos View: its per-thread form would be a ScatterView, which is not generated
                continue;
            }
            String why = refusal(iteration, adjoint, primal.var(), cx);
            why = why != null ? why : LoopSlices.partialIndex(loop, primal.var());
            if (why != null) {
                cx.warnings.add(Diagnostic.warning("race-private-not-applicable", primal.range(), "adjoint",
                        adjoint.name(), "reason", why));
                continue;
            }
            Variable sized = adjoint.withDims(cx.sized(primal.var()).dims());
            if (threads == null) {
                threads = Variable.scalar(cx.names.fresh("pa_nt"), BaseType.INT, Variable.Kind.LOCAL);
            }
            Variable view = sized.withName(cx.names.fresh("pa_" + adjoint.name())).withKind(Variable.Kind.LOCAL)
                    .withConst(false);
            Variable buffer = Variable.scalar(cx.names.fresh("pa_" + adjoint.name() + "_buf"), BaseType.DOUBLE,
                    Variable.Kind.LOCAL);
            out.put(adjoint, new PrivateAccumulator(sized, view, buffer, threads));
            cx.warnings.add(Diagnostic.info("race-private-accumulation", primal.range(), "adjoint", adjoint.name(),
                    "counter", loop.counter().name()));
        }
        return new PerThreadAdjoints(out);
    }

    /** Why {@code adjoint} keeps its atomics, or null when it can be accumulated per thread. */
    static String refusal(List<Stmt> iteration, Variable adjoint, Variable primal, DiffContext cx) {
        if (!AdjointReductions.onlyIncremented(iteration, adjoint)) {
            return "the adjoint loop also reads or overwrites it, so a thread's partial sums would be wrong";
        }
        if (adjoint.type() != BaseType.DOUBLE) {
            return "per-thread copies are made for double arrays only";
        }
        if (!primal.isParameter() || cx.isByValueAdjointParam(primal)) {
            return "'" + primal.name() + "' is not an array argument of the function, so a copy per thread would"
                    + " not be bounded by the size of the data it is given";
        }
        String unknown = ParallelLoops.unknownExtent(primal, cx);
        if (unknown != null) {
            return "a copy per thread needs " + unknown + " (declare it, e.g. 'double " + primal.name()
                    + "[n]', or give --extent " + primal.name() + "=EXPR)";
        }
        for (Dim d : cx.sized(primal).dims()) {
            if (!(d.lower() instanceof IntLit l && l.value() == 0)) {
                return "a dimension of '" + primal.name() + "' does not start at 0";
            }
        }
        return null;
    }

    /**
     * {@code f} with the references to each accumulated adjoint in the body of its loop made through
     * the view. Done last, after the passes that prune and merge adjoint statements, which know the
     * adjoint arrays but not the views.
     */
    static Function throughViews(Function f) {
        return f.withBody((Block) throughViews(f.body()));
    }

    private static Stmt throughViews(Stmt s) {
        return switch (s) {
            case Block b -> new Block(b.stmts().stream().map(PerThreadAdjoints::throughViews).toList(), b.range());
            case If i -> new If(i.cond(), (Block) throughViews(i.then()),
                    i.otherwise() == null ? null : (Block) throughViews(i.otherwise()), i.range());
            case For f when f.omp() != null && !f.omp().accumulators().isEmpty() -> {
                // an adjoint whose increments the pruning passes removed keeps no copies (nor an unused view)
                Set<Variable> mentioned = StmtUtil.mentioned(f.body());
                List<PrivateAccumulator> kept = f.omp().accumulators().stream()
                        .filter(a -> mentioned.contains(a.target())).toList();
                Map<Variable, PrivateAccumulator> views = new HashMap<>();
                kept.forEach(a -> views.put(a.target(), a));
                yield f.withOmp(f.omp().withAccumulators(kept)).withBody((Block) StmtUtil.mapExprs(f.body(),
                        e -> ExprUtil.map(e, x -> x instanceof ArrayRef r && views.containsKey(r.var())
                                ? throughView(r, views.get(r.var())) : x)));
            }
            case For f -> f.withBody((Block) throughViews(f.body()));
            default -> s;
        };
    }

    /**
     * {@code r} through the view of {@code a}: the view's element, or {@code r} itself when
     * {@code a} accumulates a part of the array that {@code r} is not in.
     */
    private static ArrayRef throughView(ArrayRef r, PrivateAccumulator a) {
        int lead = a.part().size();
        if (lead == 0) {
            return new ArrayRef(a.view(), r.indices(), r.range());
        }
        if (!r.indices().subList(0, lead).equals(a.part())) {
            return r;
        }
        return new ArrayRef(a.view(), r.indices().subList(lead, r.indices().size()), r.range());
    }

    /** {@code reduced} and the accumulated adjoints: the variables whose increments need no atomic. */
    Set<Variable> unguarded(List<Variable> reduced) {
        Set<Variable> out = new HashSet<>(reduced);
        out.addAll(accumulators.keySet());
        return out;
    }

    /** The adjoint loop's clauses with the accumulators. */
    OmpParallelFor clauses(OmpParallelFor omp) {
        return accumulators.isEmpty() ? omp : omp.withAccumulators(new ArrayList<>(accumulators.values()));
    }
}
