package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * Which shared arrays an adjoint iteration of a parallel loop must replay: redo its own writes
 * to them (saving and restoring the old values) so that its reverse sweep reads the values it
 * belongs to. An array needs this only when some value the adjoint iteration reads from it (in
 * a partial derivative, an index, a condition, a loop bound or a recomputed value) may have been
 * written earlier in the same iteration. Otherwise every such read sees the value from before the
 * loop (the primal is race-free, so no other iteration writes what this one reads), the writes
 * are skipped and nothing is recorded: {@code C[i][j] *= beta; ... C[i][j] += alpha*A[i][k]*B[k][j]}
 * reads {@code C[i][j]} only in the first statement, before any write to it.
 * <p>
 * "Earlier" is decided on positions: a write earlier in program order may precede the read; a
 * write at or after the read's position precedes it only in an earlier iteration of a sequential
 * loop around both, unless in one position both references have the same index and it is
 * injective in that loop's counter ({@code j}, {@code j + c}, {@code c + j}, {@code j - c}, with
 * {@code c} not modified in the loop), so that other iterations of the loop write other elements
 * ({@code A[r][q][p] = sum[r][q][p]} after the reads of {@code A[r][q][s]} in the same iteration of
 * the {@code q} loop).
 */
final class IterationReplay {

    /** A statement's place in the iteration: pre-order number and the sequential loops around it. */
    private record Site(int order, List<For> loops) {
    }

    private record Write(ArrayRef ref, Site site) {
    }

    private record Node(Stmt stmt, Site site) {
    }

    private final Set<Variable> shared;
    private final Set<Variable> recomputed;
    private final Predicate<Variable> active;
    /** What the iteration writes: an index reading none of it has one value all through the iteration. */
    private final Set<Variable> modified;
    private final List<Node> nodes = new ArrayList<>();
    private final List<Write> writes = new ArrayList<>();

    private IterationReplay(Set<Variable> shared, Set<Variable> recomputed, Predicate<Variable> active,
            Set<Variable> modified) {
        this.shared = shared;
        this.recomputed = recomputed;
        this.active = active;
        this.modified = modified;
    }

    /**
     * The arrays among {@code sharedArrays} (written in {@code body}, the iteration) that the
     * adjoint iteration replays; {@code recomputed} are the private variables it recomputes.
     */
    static Set<Variable> of(Block body, Set<Variable> sharedArrays, Set<Variable> recomputed,
            Predicate<Variable> active) {
        IterationReplay r = new IterationReplay(sharedArrays, recomputed, active, StmtUtil.writes(body));
        r.collect(body.stmts(), new ArrayList<>());
        return r.solve();
    }

    private void collect(List<Stmt> stmts, List<For> loops) {
        for (Stmt s : stmts) {
            Site site = new Site(nodes.size(), List.copyOf(loops));
            nodes.add(new Node(s, site));
            switch (s) {
                case Assign a -> {
                    if (a.target() instanceof ArrayRef r && shared.contains(r.var())) {
                        writes.add(new Write(r, site));
                    }
                }
                case For f -> {
                    loops.add(f);
                    collect(f.body().stmts(), loops);
                    loops.remove(loops.size() - 1);
                }
                default -> StmtUtil.branches(s).forEach(b -> collect(b.stmts(), loops));
            }
        }
    }

    /** Replayed arrays grow the reads (their writes are redone): iterate to a fixpoint. */
    private Set<Variable> solve() {
        Set<Variable> replayed = new LinkedHashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Node n : nodes) {
                for (ArrayRef read : reads(n.stmt(), replayed)) {
                    if (shared.contains(read.var()) && !replayed.contains(read.var()) && mayBeWrittenBefore(read,
                            n.site())) {
                        replayed.add(read.var());
                        changed = true;
                    }
                }
            }
        }
        return replayed;
    }

    /** The array elements the adjoint iteration reads at {@code s} (its own header or assignment). */
    private List<ArrayRef> reads(Stmt s, Set<Variable> replayed) {
        List<Expr> exprs = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                Variable v = a.target().var();
                if (active.test(v)) {
                    exprs.addAll(indices(a.target()));
                    for (Map.Entry<LValue, Expr> p : Partials.of(Activity.effectiveValue(a),
                            lv -> active.test(lv.var())).entrySet()) {
                        exprs.addAll(indices(p.getKey()));
                        exprs.add(p.getValue());
                    }
                }
                if (replayed.contains(v) || !shared.contains(v) && recomputed.contains(v)) {
                    exprs.addAll(indices(a.target()));
                    exprs.add(a.value());
                    if (a.op() != Assign.Op.SET) {
                        exprs.add(a.target());
                    }
                }
            }
            case Decl d -> {
                if (d.init() != null && recomputed.contains(d.var())) {
                    exprs.add(d.init());
                }
            }
            default -> exprs.addAll(StmtUtil.ownExprs(s));
        }
        List<ArrayRef> out = new ArrayList<>();
        exprs.forEach(e -> out.addAll(ExprUtil.nodes(e, ArrayRef.class)));
        return out;
    }

    private static List<Expr> indices(LValue lv) {
        return lv instanceof ArrayRef r ? r.indices() : List.of();
    }

    private boolean mayBeWrittenBefore(ArrayRef read, Site at) {
        for (Write w : writes) {
            if (w.ref().var().equals(read.var()) && !aboveTheDiagonal(w, read, at) && precedes(w, read, at)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when in some position one reference's index is the counter {@code k} of a loop around
     * it that starts above the other's index: {@code for (k = e + c; ...; k++)} with {@code c >= 1}
     * against {@code e}, {@code e} reading nothing the iteration modifies, so that it has the same
     * value at the write and at the read (trmm: {@code B[k][j]} for {@code k = i + 1 ...} is never
     * {@code B[i][j]}; with {@code e} the counter of a loop of the iteration, an earlier iteration
     * of that loop may have written the element).
     */
    private boolean aboveTheDiagonal(Write w, ArrayRef read, Site at) {
        if (w.ref().indices().size() != read.indices().size()) {
            return false;
        }
        for (int p = 0; p < read.indices().size(); p++) {
            if (startsAbove(read.indices().get(p), at.loops(), w.ref().indices().get(p))
                    || startsAbove(w.ref().indices().get(p), w.site().loops(), read.indices().get(p))) {
                return true;
            }
        }
        return false;
    }

    private boolean startsAbove(Expr index, List<For> loops, Expr other) {
        if (!(index instanceof VarRef r)) {
            return false;
        }
        for (For l : loops) {
            Long step = l.constantStep();
            if (l.counter().equals(r.var()) && step != null && step > 0 && l.lower() instanceof Binary b
                    && b.op() == Binary.Op.ADD && b.right() instanceof IntLit c
                    && c.value() >= 1 && b.left().equals(other)) {
                return ExprUtil.variables(other).stream().noneMatch(modified::contains);
            }
        }
        return false;
    }

    private static boolean precedes(Write w, ArrayRef read, Site at) {
        if (w.site().order() < at.order()) {
            return true;
        }
        List<For> a = w.site().loops();
        List<For> b = at.loops();
        for (int k = 0; k < Math.min(a.size(), b.size()) && a.get(k) == b.get(k); k++) {
            if (!otherElementsInOtherIterations(a.get(k), w.ref(), read)) {
                return true;
            }
        }
        return false;
    }

    /** True when different iterations of {@code loop} give {@code write} and {@code read} different elements. */
    private static boolean otherElementsInOtherIterations(For loop, ArrayRef write, ArrayRef read) {
        if (write.indices().size() != read.indices().size()) {
            return false;
        }
        Set<Variable> modified = StmtUtil.writes(loop.body());
        for (int k = 0; k < write.indices().size(); k++) {
            Expr index = write.indices().get(k);
            if (index.equals(read.indices().get(k))
                    && CounterIndices.injectiveIn(index, loop.counter(), modified)) {
                return true;
            }
        }
        return false;
    }
}
