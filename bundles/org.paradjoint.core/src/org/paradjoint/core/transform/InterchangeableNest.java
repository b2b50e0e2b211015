package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A two-deep adjoint nest whose loops may be interchanged ({@link LoopOrder} decides whether they
 * should be): {@code for o { leading; for n { increments } trailing }}, where every statement but
 * the inner loop is an assignment to an adjoint array element and
 * <ul>
 * <li>{@code leading} and the inner loop's body are increments {@code X[..] += e} (or
 * {@code -=}) whose values and indices read no array the nest increments: their terms are fixed
 * before the nest runs, so the increments commute and any order of them gives each element the
 * same sum (up to reassociation);</li>
 * <li>{@code trailing} are updates {@code R[idx] = g} of arrays the nest does not increment, each
 * array updated once, {@code g} reading {@code R} only at {@code idx} and nothing the nest
 * increments or updates otherwise, and every reference to {@code R} in the nest is
 * {@code R[idx]} with one index exactly the outer counter: iteration {@code o} reads and then
 * updates its own element, which no other iteration touches, so the updates may all run after
 * the whole nest (in a loop of their own) and every increment still reads the value from
 * before;</li>
 * <li>the inner loop's bounds and step read neither the outer counter nor anything the nest
 * writes (a rectangular nest: a triangular one, {@code k = i + 1 .. m}, is left alone).</li>
 * </ul>
 * Then {@code for o { leading }; for n { for o { increments } }; for o { trailing }} computes the
 * same adjoints. Arrays Kokkos can ask the shape of (Views, possibly {@code LayoutLeft}) and
 * Fortran loops are not considered.
 */
record InterchangeableNest(For outer, For inner, List<Assign> leading, List<Assign> trailing) {

    /** The nest rooted at {@code outer} when it has the form above; {@code adjoints} are the adjoint variables. */
    static Optional<InterchangeableNest> of(For outer, Set<Variable> adjoints) {
        if (outer.counter().layout() == Layout.COLUMN_MAJOR || outer.omp() != null
                && (outer.omp().collapse() > 1 || !outer.omp().reductions().isEmpty())) {
            return Optional.empty();
        }
        List<Stmt> body = outer.body().stmts();
        List<Integer> loops = new ArrayList<>();
        for (int k = 0; k < body.size(); k++) {
            if (body.get(k) instanceof For) {
                loops.add(k);
            }
        }
        if (loops.size() != 1 || !(body.get(loops.get(0)) instanceof For inner) || inner.isParallel()) {
            return Optional.empty();
        }
        int at = loops.get(0);
        List<Assign> leading = increments(body.subList(0, at), adjoints);
        List<Assign> nested = increments(inner.body().stmts(), adjoints);
        List<Assign> trailing = updates(body.subList(at + 1, body.size()), adjoints);
        if (leading == null || nested == null || nested.isEmpty() || trailing == null) {
            return Optional.empty();
        }
        InterchangeableNest nest = new InterchangeableNest(outer, inner, leading, trailing);
        return nest.legal() ? Optional.of(nest) : Optional.empty();
    }

    /** The increments of the inner loop's body. */
    List<Assign> nested() {
        return inner.body().stmts().stream().map(Assign.class::cast).toList();
    }

    /** Every array the nest increments. */
    Set<Variable> incremented() {
        Set<Variable> out = new HashSet<>();
        leading.forEach(a -> out.add(a.target().var()));
        nested().forEach(a -> out.add(a.target().var()));
        return out;
    }

    private boolean legal() {
        Set<Variable> incremented = incremented();
        Set<Variable> updated = new HashSet<>();
        for (Assign t : trailing) {
            if (!updated.add(t.target().var()) || incremented.contains(t.target().var())) {
                return false;
            }
        }
        Set<Variable> written = new HashSet<>(incremented);
        written.addAll(updated);
        Set<Variable> header = new HashSet<>();
        for (Expr e : List.of(inner.lower(), inner.bound(), inner.step())) {
            header.addAll(ExprUtil.variables(e));
        }
        if (header.contains(outer.counter()) || header.stream().anyMatch(written::contains)) {
            return false;
        }
        if (hasRuntimeShape()) {
            return false;
        }
        List<Assign> increments = new ArrayList<>(leading);
        increments.addAll(nested());
        for (Assign a : increments) {
            if (reads(a).stream().anyMatch(incremented::contains)) {
                return false;
            }
        }
        for (Assign a : leading) {
            // the inner counter is not defined before the inner loop runs
            if (reads(a).contains(inner.counter())) {
                return false;
            }
        }
        for (Assign t : trailing) {
            ArrayRef own = (ArrayRef) t.target();
            if (!ownedBy(own, outer.counter()) || reads(t).contains(inner.counter())) {
                return false;
            }
            Set<Variable> others = new HashSet<>(written);
            others.remove(own.var());
            if (reads(t).stream().anyMatch(others::contains) || !everyReferenceIs(own)) {
                return false;
            }
        }
        return true;
    }

    /** Whether every reference to {@code own}'s array in the nest is {@code own} itself. */
    private boolean everyReferenceIs(ArrayRef own) {
        boolean[] other = {false};
        StmtUtil.forEachExpr(outer.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof VarRef v && v.var().equals(own.var())
                    || x instanceof ArrayRef r && r.var().equals(own.var()) && !r.indices().equals(own.indices())) {
                other[0] = true;
            }
        }));
        return !other[0];
    }

    private boolean hasRuntimeShape() {
        boolean[] found = {false};
        StmtUtil.forEachExpr(outer.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof LValue lv && lv.var().hasRuntimeShape()) {
                found[0] = true;
            }
        }));
        return found[0];
    }

    /** What an assignment reads: its value and its target's indices. */
    private static Set<Variable> reads(Assign a) {
        Set<Variable> out = new HashSet<>(ExprUtil.variables(a.value()));
        out.addAll(ExprUtil.indexVariables(a.target()));
        return out;
    }

    /** Whether one index of {@code r} is exactly {@code counter}: distinct values of it reach distinct elements. */
    static boolean ownedBy(ArrayRef r, Variable counter) {
        return r.indices().stream().anyMatch(i -> i instanceof VarRef v && v.var().equals(counter));
    }

    /** {@code stmts} as increments of adjoint array elements, or null when one is anything else. */
    private static List<Assign> increments(List<Stmt> stmts, Set<Variable> adjoints) {
        List<Assign> out = new ArrayList<>();
        for (Stmt s : stmts) {
            if (!(s instanceof Assign a && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                    && a.target() instanceof ArrayRef r && adjoints.contains(r.var()))) {
                return null;
            }
            out.add(a);
        }
        return out;
    }

    /** {@code stmts} as plain (not atomic) assignments to adjoint array elements, or null. */
    private static List<Assign> updates(List<Stmt> stmts, Set<Variable> adjoints) {
        List<Assign> out = new ArrayList<>();
        for (Stmt s : stmts) {
            if (!(s instanceof Assign a && a.op() == Assign.Op.SET && !a.atomic()
                    && a.target() instanceof ArrayRef r && adjoints.contains(r.var()))) {
                return null;
            }
            out.add(a);
        }
        return out;
    }
}
