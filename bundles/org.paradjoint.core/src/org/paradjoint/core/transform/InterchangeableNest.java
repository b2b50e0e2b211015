package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
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
 * the inner loop is an assignment to an adjoint array element (or to an element of a primal array
 * that only the outer iteration touches, see {@link #assignments}) and
 * <ul>
 * <li>the inner loop's body is increments {@code X[..] += e} (or {@code -=}), and every increment
 * of the nest (inside the inner loop or not) reads, in its value and indices, no array the nest
 * increments: the terms are fixed before the nest runs, so the increments commute and any order
 * of them gives each element the same sum (up to reassociation);</li>
 * <li>the other statements before and after the inner loop are increments as above or updates
 * {@code R[idx] = g} (resets, scalings), where {@code g}
 * reads {@code R} only at {@code idx} and nothing else the nest writes, and every reference to
 * {@code R} in the nest is {@code R[idx]}, with one index exactly the outer counter: iteration
 * {@code o} is the only one that touches its element, so running all the statements before the
 * inner loop first (in a loop of their own, each iteration's in its order), then the nest, then
 * all those after it (likewise) keeps every access to the element in its order and every
 * increment reads the value it read before;</li>
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
        Variable o = outer.counter();
        List<Assign> leading = assignments(body.subList(0, at), adjoints, o, true);
        List<Assign> nested = assignments(inner.body().stmts(), adjoints, o, false);
        List<Assign> trailing = assignments(body.subList(at + 1, body.size()), adjoints, o, true);
        if (leading == null || nested == null || nested.isEmpty() || trailing == null) {
            return Optional.empty();
        }
        For summing = inner.withBody(new Block(new ArrayList<>(nested), inner.body().range()));
        InterchangeableNest nest = new InterchangeableNest(outer, summing, leading, trailing);
        return nest.legal() ? Optional.of(nest) : Optional.empty();
    }

    /** The increments of the inner loop's body. */
    List<Assign> nested() {
        return inner.body().stmts().stream().map(Assign.class::cast).toList();
    }

    /** The increments before and after the inner loop (they stay in loops over the outer counter). */
    List<Assign> outerIncrements() {
        List<Assign> out = new ArrayList<>();
        for (List<Assign> part : List.of(leading, trailing)) {
            part.stream().filter(InterchangeableNest::isIncrement).forEach(out::add);
        }
        return out;
    }

    private List<Assign> updates() {
        List<Assign> out = new ArrayList<>();
        for (List<Assign> part : List.of(leading, trailing)) {
            part.stream().filter(a -> !isIncrement(a)).forEach(out::add);
        }
        return out;
    }

    private boolean legal() {
        List<Assign> increments = new ArrayList<>(nested());
        increments.addAll(outerIncrements());
        Set<Variable> incremented = new HashSet<>();
        increments.forEach(a -> incremented.add(a.target().var()));
        Set<Variable> written = new HashSet<>(incremented);
        updates().forEach(a -> written.add(a.target().var()));
        Set<Variable> header = new HashSet<>();
        for (Expr e : List.of(inner.lower(), inner.bound(), inner.step())) {
            header.addAll(ExprUtil.variables(e));
        }
        if (header.contains(outer.counter()) || header.stream().anyMatch(written::contains) || hasRuntimeShape()) {
            return false;
        }
        Map<Variable, DistinctElements.Range> ranges = DistinctElements.ranges(List.of(inner));
        // a read and an increment of the nest may come from different iterations of either loop
        Set<Variable> counters = Set.of(outer.counter(), inner.counter());
        List<ArrayRef> targets = new ArrayList<>();
        increments.forEach(a -> targets.add((ArrayRef) a.target()));
        for (Assign a : increments) {
            // an element the nest increments may not be read by it: its value would depend on the order
            if (reads(a).stream().anyMatch(v -> incremented.contains(v) && !v.isArray())
                    || StmtUtil.arrayReads(a).stream().anyMatch(r -> incremented.contains(r.var()) && targets.stream()
                            .anyMatch(w -> w.var().equals(r.var())
                                    && !DistinctElements.distinct(r, w, ranges, counters)))) {
                return false;
            }
        }
        List<Assign> outside = new ArrayList<>(leading);
        outside.addAll(trailing);
        for (Assign a : outside) {
            // the inner counter is not defined before the inner loop runs, nor fixed after it
            if (reads(a).contains(inner.counter())) {
                return false;
            }
        }
        for (Assign t : updates()) {
            ArrayRef own = (ArrayRef) t.target();
            // an array both updated and incremented is fine when every reference is the element
            // of the outer iteration (checked below): it sees its update, increments, update in order
            if (!ownedBy(own, outer.counter())) {
                return false;
            }
            Set<Variable> others = new HashSet<>(written);
            others.remove(own.var());
            if (reads(t).stream().anyMatch(others::contains) || !everyReferenceIs(own, ranges, counters)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every reference to {@code own}'s array in the nest is {@code own} itself, or the
     * target of an increment that never reaches {@code own}'s element ({@code Bb[k][j]} beside
     * {@code Bb[i][j]} for {@code k = i + 1 .. m - 1}): the element is then touched only by the
     * statements of its outer iteration.
     */
    private boolean everyReferenceIs(ArrayRef own, Map<Variable, DistinctElements.Range> ranges,
            Set<Variable> counters) {
        List<Assign> all = new ArrayList<>(leading);
        all.addAll(nested());
        all.addAll(trailing);
        for (Assign a : all) {
            if (a.target() instanceof ArrayRef w && w.var().equals(own.var()) && !w.indices().equals(own.indices())
                    && !(isIncrement(a) && DistinctElements.distinct(w, own, ranges, counters))) {
                return false;
            }
            List<Expr> read = new ArrayList<>(((ArrayRef) a.target()).indices());
            read.add(a.value());
            for (Expr e : read) {
                boolean[] other = {false};
                ExprUtil.forEach(e, x -> {
                    if (x instanceof VarRef v && v.var().equals(own.var()) || x instanceof ArrayRef r
                            && r.var().equals(own.var()) && !r.indices().equals(own.indices())) {
                        other[0] = true;
                    }
                });
                if (other[0]) {
                    return false;
                }
            }
        }
        return true;
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

    static boolean isIncrement(Assign a) {
        return a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
    }

    /**
     * {@code stmts} as assignments to array elements: increments, and where {@code updates} plain
     * (not atomic) {@code =}; null when one is anything else. The targets are adjoint arrays, or
     * elements of a primal array that only the iteration of the outer counter {@code o} touches
     * (the forward sweep's recomputation of {@code tmp[i][j] = tmp[i][j] + A[i][k] * B[k][j]}):
     * each such element then receives its terms in the inner loop's order in either loop order,
     * so the recomputed values are the primal's to the last bit. A written-out sum
     * {@code X[idx] = X[idx] + e} (or {@code e + X[idx]}, {@code X[idx] - e}) counts as the
     * increment {@code X[idx] += e} and is returned in that form.
     */
    private static List<Assign> assignments(List<Stmt> stmts, Set<Variable> adjoints, Variable o, boolean updates) {
        List<Assign> out = new ArrayList<>();
        for (Stmt s : stmts) {
            if (!(s instanceof Assign given && given.target() instanceof ArrayRef r
                    && (adjoints.contains(r.var()) || r.var().isFloating() && ownedBy(r, o)))) {
                return null;
            }
            Assign a = asIncrement(given);
            if (!(isIncrement(a) || updates && a.op() == Assign.Op.SET && !a.atomic())) {
                return null;
            }
            out.add(a);
        }
        return out;
    }

    /** {@code X[idx] = X[idx] + e} as {@code X[idx] += e} (likewise {@code e + X[idx]} and {@code -}); others as they are. */
    static Assign asIncrement(Assign a) {
        if (a.op() != Assign.Op.SET || a.atomic() || !(a.value() instanceof Binary b)
                || b.op() != Binary.Op.ADD && b.op() != Binary.Op.SUB) {
            return a;
        }
        Expr rest = b.left().equals(a.target()) ? b.right()
                : b.op() == Binary.Op.ADD && b.right().equals(a.target()) ? b.left() : null;
        if (rest == null || ExprUtil.references(rest, a.target().var())) {
            return a;
        }
        return new Assign(a.target(), b.op() == Binary.Op.ADD ? Assign.Op.ADD : Assign.Op.SUB, rest, false,
                a.pragmas(), a.range());
    }
}
