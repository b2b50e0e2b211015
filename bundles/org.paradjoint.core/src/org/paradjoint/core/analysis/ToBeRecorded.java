package org.paradjoint.core.analysis;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * To-be-recorded analysis, simple and sound: a variable is <em>needed</em> when the reverse
 * sweep reads its value: it occurs in a partial derivative of an active assignment, in an
 * index of an active reference, in a condition the reverse sweep re-evaluates, in a loop
 * header, or in an index of an assignment whose target is itself needed (so that a restored
 * value goes back to the same element), or in what an adjoint iteration of a parallel loop
 * recomputes to have them. The forward sweep saves the old value of a needed variable before
 * each assignment to it.
 */
public final class ToBeRecorded {

    private ToBeRecorded() {
    }

    /** An {@code if} whose condition reads a variable its branches modify: its direction is recorded. */
    public static boolean needsBranchFlag(If i) {
        Set<Variable> w = new LinkedHashSet<>(StmtUtil.writes(i.then()));
        if (i.otherwise() != null) {
            w.addAll(StmtUtil.writes(i.otherwise()));
        }
        for (Variable v : ExprUtil.variables(i.cond())) {
            if (w.contains(v)) {
                return true;
            }
        }
        return false;
    }

    /** The needed variables of a function body, given which variables are active. */
    public static Set<Variable> needed(Stmt body, Predicate<Variable> active) {
        Set<Variable> needed = new LinkedHashSet<>();
        Predicate<LValue> activeLeaf = lv -> active.test(lv.var());
        StmtUtil.forEach(body, s -> {
            switch (s) {
                case Assign a -> {
                    if (active.test(a.target().var())) {
                        addActiveAssignment(a.target(), Activity.effectiveValue(a), activeLeaf, needed);
                    }
                }
                case Decl d -> {
                    if (d.init() != null && active.test(d.var())) {
                        addActiveAssignment(new VarRef(d.var()), d.init(), activeLeaf, needed);
                    }
                }
                case If i -> {
                    if (!needsBranchFlag(i)) {
                        needed.addAll(ExprUtil.variables(i.cond()));
                    }
                }
                case For f -> {
                    needed.addAll(ExprUtil.variables(f.lower()));
                    needed.addAll(ExprUtil.variables(f.bound()));
                }
                default -> {
                }
            }
        });
        closeOverTargets(body, needed);
        closeOverRecomputations(body, active, needed);
        return needed;
    }

    /**
     * Adds what the adjoint iterations of parallel loops read when they recompute the values their
     * own partials need ({@link #recomputed} of the loop's own needs): a helper function inlined
     * into the loop leaves its arguments in locals ({@code u0 = u[i * nx + j]}), the partials read
     * the locals, and the adjoint iteration computes them again from {@code u}. So {@code u} must
     * have its value of the loop's forward run when the adjoint runs, and an overwrite of it after
     * the loop (the next step of a time loop) must be undone as for a variable a partial reads.
     */
    private static void closeOverRecomputations(Stmt body, Predicate<Variable> active, Set<Variable> needed) {
        StmtUtil.forEach(body, s -> {
            if (s instanceof For f && f.isParallel()) {
                needed.addAll(ownRecomputed(f.body(), active, f.omp().reductionVariables()));
            }
        });
        closeOverTargets(body, needed);
    }

    private static void addActiveAssignment(LValue target, Expr value, Predicate<LValue> activeLeaf,
            Set<Variable> needed) {
        needed.addAll(ExprUtil.indexVariables(target));
        for (Map.Entry<LValue, Expr> p : Partials.of(value, activeLeaf).entrySet()) {
            needed.addAll(ExprUtil.indexVariables(p.getKey()));
            needed.addAll(ExprUtil.variables(p.getValue()));
        }
    }

    /** Adds the index variables of assignments to needed arrays, to a fixpoint. */
    private static void closeOverTargets(Stmt body, Set<Variable> needed) {
        boolean changed = true;
        while (changed) {
            int before = needed.size();
            StmtUtil.forEach(body, s -> {
                if (s instanceof Assign a && needed.contains(a.target().var())) {
                    needed.addAll(ExprUtil.indexVariables(a.target()));
                }
            });
            changed = needed.size() != before;
        }
    }

    /**
     * What an adjoint iteration of a parallel loop whose body is {@code parallelBody} recomputes
     * for its own partials: {@link #recomputed} of the body's own needs.
     */
    public static Set<Variable> ownRecomputed(Stmt parallelBody, Predicate<Variable> active, Set<Variable> excluded) {
        return recomputed(parallelBody, needed(parallelBody, active), excluded);
    }

    /**
     * The variables an adjoint iteration of a parallel loop must recompute: the needed ones,
     * closed over the assignments of the loop body that compute them (their operands and
     * indices), the conditions and the loop headers inside the body. Assignments to
     * {@code excluded} variables (reductions) do not extend the closure.
     */
    public static Set<Variable> recomputed(Stmt parallelBody, Set<Variable> needed, Set<Variable> excluded) {
        Set<Variable> r = new LinkedHashSet<>(needed);
        StmtUtil.forEach(parallelBody, s -> {
            if (s instanceof If i) {
                r.addAll(ExprUtil.variables(i.cond()));
            } else if (s instanceof For f) {
                r.addAll(ExprUtil.variables(f.lower()));
                r.addAll(ExprUtil.variables(f.bound()));
            }
        });
        boolean changed = true;
        while (changed) {
            int before = r.size();
            StmtUtil.forEach(parallelBody, s -> {
                if (s instanceof Assign a && r.contains(a.target().var()) && !excluded.contains(a.target().var())) {
                    r.addAll(ExprUtil.indexVariables(a.target()));
                    r.addAll(ExprUtil.variables(a.value()));
                    if (a.op() != Assign.Op.SET) {
                        r.add(a.target().var());
                    }
                } else if (s instanceof Decl d && d.init() != null && r.contains(d.var())) {
                    r.addAll(ExprUtil.variables(d.init()));
                }
            });
            changed = r.size() != before;
        }
        return r;
    }
}
