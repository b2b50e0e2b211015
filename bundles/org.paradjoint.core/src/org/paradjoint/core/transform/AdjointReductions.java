package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * {@link RaceStrategy#REDUCTION}: the adjoints with UNSAFE increments in one adjoint loop become
 * {@code reduction(+: ...)} variables. OpenMP gives each thread a zeroed private copy and adds
 * the copies to the original at the end, which is right only for an adjoint the loop does
 * nothing but increment; one it also reads or overwrites keeps its atomics (with a warning).
 * An array needs its extents for the section {@code xb[:n]}; without them it is a located
 * error that says how to declare them.
 */
final class AdjointReductions {

    private AdjointReductions() {
    }

    /**
     * The reduction variables of one adjoint loop, each with the dimensions its section prints;
     * {@code unsafe} maps each adjoint with an UNSAFE increment to the primal reference of its first one.
     */
    static List<Variable> plan(List<Stmt> iteration, Map<Variable, LValue> unsafe, DiffContext cx) {
        List<Variable> out = new ArrayList<>();
        for (Map.Entry<Variable, LValue> e : unsafe.entrySet()) {
            Variable adjoint = e.getKey();
            LValue primal = e.getValue();
            if (!onlyIncremented(iteration, adjoint)) {
                cx.warnings.add(Diagnostic.warning("race-reduction-not-applicable", primal.range(), "adjoint",
                        adjoint.name()));
                continue;
            }
            out.add(sectioned(adjoint, primal, cx));
        }
        return out;
    }

    /**
     * The arrays among {@code unsafe} whose private copies would not surely fit on a thread's
     * stack, where OpenMP implementations put the private copy of an array section in a
     * {@code reduction} clause (gcc does; 1200 x 1200 doubles overflow the default 8 MB stack):
     * those whose extents are not all constants or take more than 64 KiB.
     * Each is reported; the caller accumulates them per thread on the heap instead (only those
     * that can be: the others keep the clause).
     */
    static Map<Variable, LValue> tooLargeForStacks(List<Stmt> iteration, Map<Variable, LValue> unsafe,
            DiffContext cx) {
        Map<Variable, LValue> out = new LinkedHashMap<>();
        for (Map.Entry<Variable, LValue> e : unsafe.entrySet()) {
            Variable primal = e.getValue().var();
            if (primal.isScalar() || cx.isByValueAdjointParam(primal) || primal.hasRuntimeShape()
                    || ParallelLoops.unknownExtent(primal, cx) != null
                    || PerThreadAdjoints.refusal(iteration, e.getKey(), primal, cx) != null) {
                // unknown extents stay (the clause's located error says how to give them), as do
                // adjoints that cannot be accumulated per thread (the clause's warning says why)
                continue;
            }
            long elements = 1;
            for (Dim d : cx.sized(primal).dims()) {
                if (!(ExprUtil.simplify(d.extent()) instanceof IntLit extent)) {
                    elements = -1;
                    break;
                }
                elements *= extent.value();
            }
            if (elements < 0 || elements * 8 > STACK_BYTES) {
                out.put(e.getKey(), e.getValue());
                cx.warnings.add(Diagnostic.info("race-reduction-on-heap", e.getValue().range(), "adjoint",
                        e.getKey().name()));
            }
        }
        return out;
    }

    /** The most bytes of one private copy that a reduction clause may put on each thread's stack. */
    private static final long STACK_BYTES = 64 * 1024;

    /**
     * The adjoints of shared scalars (a by-value parameter such as {@code alpha}, a shared local)
     * among {@code unsafe} that the adjoint iteration only increments: whatever the strategy, they
     * are reduction variables (each thread sums into its own copy, combined once at the end of
     * the loop), never an atomic update per iteration. Others stay atomic, without a warning.
     */
    static List<Variable> scalars(List<Stmt> iteration, Map<Variable, LValue> unsafe, DiffContext cx) {
        List<Variable> out = new ArrayList<>();
        for (Map.Entry<Variable, LValue> e : unsafe.entrySet()) {
            if (e.getValue().var().isScalar() && onlyIncremented(iteration, e.getKey())) {
                out.add(sectioned(e.getKey(), e.getValue(), cx));
            }
        }
        return out;
    }

    private static Variable sectioned(Variable adjoint, LValue primal, DiffContext cx) {
        if (adjoint.isScalar()) {
            return adjoint;
        }
        if (cx.isByValueAdjointParam(primal.var())) {
            return adjoint.withDims(List.of(Dim.c(new IntLit(1))));
        }
        String unknown = ParallelLoops.unknownExtent(primal.var(), cx);
        if (unknown != null) {
            throw new UnsupportedException("reduction-extent-unknown", primal.range(), "adjoint", adjoint.name(),
                    "unknown", unknown, "var", primal.var().name());
        }
        return adjoint.withDims(cx.sized(primal.var()).dims());
    }

    /** True when every occurrence of {@code v} is the target of a {@code +=} or {@code -=}. */
    static boolean onlyIncremented(List<Stmt> stmts, Variable v) {
        boolean[] other = {false};
        for (Stmt s : stmts) {
            StmtUtil.forEach(s, x -> {
                if (x instanceof Assign a) {
                    boolean increment = a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
                    if (a.target().var().equals(v) && !increment || ExprUtil.indexVariables(a.target()).contains(v)
                            || ExprUtil.references(a.value(), v)) {
                        other[0] = true;
                    }
                } else if (!(x instanceof Block)) {
                    for (Expr e : StmtUtil.ownExprs(x)) {
                        other[0] |= ExprUtil.references(e, v);
                    }
                    other[0] |= x instanceof Decl d && d.var().equals(v);
                }
            });
        }
        return !other[0];
    }

    /** The statements with the atomic guards of the increments of {@code reduced} removed. */
    static List<Stmt> withoutAtomics(List<Stmt> stmts, Set<Variable> reduced) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            out.add(switch (s) {
                case Assign a when a.atomic() && reduced.contains(a.target().var()) -> a.withAtomic(false);
                case Block b -> new Block(withoutAtomics(b.stmts(), reduced), b.range());
                case For f -> f.withBody(new Block(withoutAtomics(f.body().stmts(), reduced), f.body().range()));
                case If i -> new If(i.cond(), new Block(withoutAtomics(i.then().stmts(), reduced), i.then().range()),
                        i.otherwise() == null ? null
                                : new Block(withoutAtomics(i.otherwise().stmts(), reduced), i.otherwise().range()),
                        i.range());
                default -> s;
            });
        }
        return out;
    }
}
