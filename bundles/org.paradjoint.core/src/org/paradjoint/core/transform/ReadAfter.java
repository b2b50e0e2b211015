package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop, the variables that the statements running <em>after</em> it in the
 * forward sweep read: those that follow it in every enclosing block, and every enclosing
 * sequential loop as a whole (its later iterations run after it too), except an array that the
 * later iterations provably never read where the loop writes it. A parallel loop none of whose
 * results is read there need not run in the forward sweep at all: its adjoint iterations
 * recompute what they need from the values the loop found, which are then still in place.
 * <p>
 * The exception is trmm's: iteration {@code i} of the loop over rows writes row {@code i}
 * ({@code B[i][j]}), and every read of {@code B} in the loop is of a row at or beyond the
 * iteration's own ({@code B[i][j]}, {@code B[k][j]} with {@code k = i + 1 .. m - 1}), so no later
 * iteration reads what an earlier one wrote: every value the adjoint reads is the one the
 * function was called with, and the primal's sweep and its tape are not needed.
 */
final class ReadAfter {

    private final Map<For, Set<Variable>> result = new IdentityHashMap<>();

    private ReadAfter() {
    }

    static Map<For, Set<Variable>> of(Block body) {
        ReadAfter r = new ReadAfter();
        r.walk(body.stmts(), Set.of(), List.of());
        return r.result;
    }

    /** {@code after}: what runs after these statements; {@code loops}: the enclosing sequential loops, outermost first. */
    private void walk(List<Stmt> stmts, Set<Variable> after, List<For> loops) {
        Set<Variable> side = new HashSet<>(after);
        for (int n = stmts.size() - 1; n >= 0; n--) {
            Stmt s = stmts.get(n);
            switch (s) {
                case For f when f.isParallel() -> {
                    Set<Variable> read = new HashSet<>(side);
                    for (For loop : loops) {
                        Set<Variable> later = StmtUtil.reads(loop);
                        later.removeIf(v -> neverReadWhereWritten(v, loop, f));
                        read.addAll(later);
                    }
                    result.put(f, Set.copyOf(read));
                }
                case For f -> {
                    List<For> inside = new ArrayList<>(loops);
                    inside.add(f);
                    walk(f.body().stmts(), side, inside);
                }
                default -> StmtUtil.branches(s).forEach(b -> walk(b.stmts(), side, loops));
            }
            side.addAll(StmtUtil.reads(s));
        }
    }

    /**
     * True when {@code parallel} (in {@code loop}'s body) writes {@code v} only at elements with
     * {@code loop}'s counter as one index, and every reference to {@code v} in {@code loop} has at
     * that position an index that is never on the earlier-iterations side of the counter: later
     * iterations then never touch an element an earlier one wrote there.
     */
    private static boolean neverReadWhereWritten(Variable v, For loop, For parallel) {
        DistinctElements.Range range = DistinctElements.Range.of(loop);
        Long step = loop.constantStep();
        if (!v.isArray() || range == null || step == null || StmtUtil.writes(loop.body()).contains(loop.counter())) {
            return false;
        }
        int sign = step > 0 ? 1 : -1;
        Variable counter = loop.counter();
        Set<Integer> positions = DistinctElements.counterPositions(targets(parallel, v), counter);
        if (positions.isEmpty()) {
            return false;
        }
        List<Reference> refs = new ArrayList<>();
        references(loop.body(), v, new java.util.HashMap<>(), refs);
        for (Reference r : refs) {
            if (r.element() == null) {
                return false;
            }
            boolean beyond = false;
            for (int p : positions) {
                beyond |= DistinctElements.beyond(r.element().indices().get(p), counter, sign, r.ranges());
            }
            if (!beyond) {
                return false;
            }
        }
        return true;
    }

    /** A reference to the array, with the ranges of the loops around it inside the sequential loop (null element: a whole-array use). */
    private record Reference(ArrayRef element, Map<Variable, DistinctElements.Range> ranges) {
    }

    private static void references(Stmt s, Variable v, Map<Variable, DistinctElements.Range> ranges,
            List<Reference> out) {
        if (s instanceof For f) {
            Map<Variable, DistinctElements.Range> inner = new java.util.HashMap<>(ranges);
            DistinctElements.Range r = DistinctElements.Range.of(f);
            if (r != null && !StmtUtil.writes(f.body()).contains(f.counter())) {
                inner.put(f.counter(), r);
            } else {
                inner.remove(f.counter());
            }
            for (Expr e : List.of(f.lower(), f.bound(), f.step())) {
                collect(e, v, ranges, out);
            }
            f.body().stmts().forEach(x -> references(x, v, inner, out));
            return;
        }
        for (Expr e : StmtUtil.ownExprs(s)) {
            collect(e, v, ranges, out);
        }
        StmtUtil.branches(s).forEach(b -> b.stmts().forEach(x -> references(x, v, ranges, out)));
    }

    private static void collect(Expr e, Variable v, Map<Variable, DistinctElements.Range> ranges,
            List<Reference> out) {
        ExprUtil.forEach(e, x -> {
            if (x instanceof ArrayRef a && a.var().equals(v)) {
                out.add(new Reference(a, Map.copyOf(ranges)));
            } else if (x instanceof VarRef r && r.var().equals(v)) {
                out.add(new Reference(null, Map.of()));
            }
        });
    }

    private static List<ArrayRef> targets(For parallel, Variable v) {
        return StmtUtil.elementTargets(parallel.body(), v).orElse(List.of());
    }
}
