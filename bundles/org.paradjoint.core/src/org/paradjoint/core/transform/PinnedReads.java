package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Elements a loop reads in every iteration at indices it does not change, while it rewrites them
 * in one iteration at most: Floyd-Warshall's {@code path[i][k]} in the loop over {@code j} that
 * sets {@code path[i][j]}, rewritten only when {@code j = k}. A compiler must load such an element
 * again after every store to the array (the store may be to it), which costs Floyd's forward run
 * about a fifth of its time; a hand-written loop keeps it in a register and splits the loop at the
 * one iteration that may change it. So does this class: the loop becomes its iterations before the
 * pinned one and after it, reading the elements from locals, and the pinned iteration between
 * them as written, after which the locals are read again.
 * <p>
 * An element qualifies when its indices read nothing the loop assigns, and every write of its
 * array in the loop has an index that is the loop's counter plus an offset that reads nothing the
 * loop assigns ({@code path[i][j]}, {@code a[j + 1]}): such a write can be the element only in the
 * iteration whose counter is the element's index minus the offset. All the elements kept must be
 * pinned to the same iteration, and the loop must count up by one and call nothing but the tape
 * runtime (another call could write anything).
 */
final class PinnedReads {

    private final For loop;
    /** The elements read from locals, each with its local, in order of first read. */
    private final Map<ArrayRef, Variable> kept;
    private final Expr pinned;

    private PinnedReads(For loop, Map<ArrayRef, Variable> kept, Expr pinned) {
        this.loop = loop;
        this.kept = kept;
        this.pinned = pinned;
    }

    /**
     * The elements of {@code loop} to keep in locals, made by {@code fresh} (a name and a type),
     * or null when there is none.
     */
    static PinnedReads of(For loop, BiFunction<String, BaseType, Variable> fresh) {
        if (!Long.valueOf(1).equals(loop.constantStep()) || loop.cmp() != Binary.Op.LT
                || StmtUtil.calls(loop.body()).stream().anyMatch(c -> !c.isRuntime())) {
            return null;
        }
        Set<Variable> assigned = StmtUtil.writes(loop.body());
        assigned.add(loop.counter());
        Map<ArrayRef, Variable> kept = new LinkedHashMap<>();
        Expr pinned = null;
        for (ArrayRef read : StmtUtil.arrayReads(loop.body())) {
            if (kept.containsKey(read) || !read.var().isFloating() || !assigned.contains(read.var())
                    || read.indices().stream().anyMatch(i -> readsAny(i, assigned))) {
                continue;
            }
            Expr at = pinnedIteration(read, loop, assigned);
            if (at != null && (pinned == null || pinned.equals(at))) {
                pinned = at;
                kept.put(read, fresh.apply("pa_" + read.var().name() + "_el", read.var().type()));
            }
        }
        return kept.isEmpty() ? null : new PinnedReads(loop, kept, pinned);
    }

    /** The locals that hold the elements. */
    List<Variable> locals() {
        return List.copyOf(kept.values());
    }

    /** Before the loop, or before loops that share the locals: the elements read into them. */
    List<Stmt> load() {
        List<Stmt> out = new ArrayList<>();
        kept.forEach((element, local) -> out.add(Assign.set(new VarRef(local), element)));
        return out;
    }

    /**
     * The loop split at the pinned iteration:
     * <pre>
     * for (j = lo; j &lt; min(p, hi); j++) body, reading the locals
     * if (p &gt;= lo &amp;&amp; p &lt; hi) { j = p; body; locals read again }
     * for (j = max(p + 1, lo); j &lt; hi; j++) body, reading the locals
     * </pre>
     */
    List<Stmt> split() {
        Block fromLocals = (Block) StmtUtil.mapExprs(loop.body(),
                e -> ExprUtil.map(e, x -> x instanceof ArrayRef a && kept.containsKey(a) ? new VarRef(kept.get(a)) : x));
        Expr lo = loop.lower();
        Expr hi = loop.bound();
        Expr after = Exprs.add(pinned, Exprs.integer(1));
        List<Stmt> at = new ArrayList<>();
        at.add(Assign.set(new VarRef(loop.counter()), pinned));
        at.addAll(loop.body().stmts());
        at.addAll(load());
        return List.of(
                new For(loop.counter(), lo, Binary.Op.LT, Exprs.cond(Exprs.lt(pinned, hi), pinned, hi), loop.step(),
                        fromLocals, null, List.of(), loop.range()),
                new If(Exprs.binary(Binary.Op.AND, Exprs.ge(pinned, lo), Exprs.lt(pinned, hi)), new Block(at), null, loop.range()),
                new For(loop.counter(), Exprs.cond(Exprs.gt(after, lo), after, lo), Binary.Op.LT, hi, loop.step(),
                        fromLocals, null, List.of(), loop.range()));
    }

    /**
     * The iteration in which a write of {@code loop} may be {@code element}, when every write of its
     * array pins one and they all pin the same, else null.
     */
    private static Expr pinnedIteration(ArrayRef element, For loop, Set<Variable> assigned) {
        Optional<List<ArrayRef>> writes = StmtUtil.elementTargets(loop.body(), element.var());
        if (writes.isEmpty()) {
            return null;
        }
        Expr pinned = null;
        for (ArrayRef write : writes.get()) {
            Expr at = null;
            for (int d = 0; d < write.indices().size() && at == null; d++) {
                Expr offset = offsetFrom(write.indices().get(d), loop.counter(), assigned);
                if (offset != null) {
                    at = ExprUtil.simplify(Exprs.sub(element.indices().get(d), offset));
                }
            }
            if (at == null || pinned != null && !pinned.equals(at)) {
                return null;
            }
            pinned = at;
        }
        return pinned;
    }

    /**
     * {@code c} when {@code index} is {@code counter + c}, {@code c + counter} or
     * {@code counter - (-c)} with {@code c} reading nothing in {@code assigned}; zero for the
     * counter alone; else null.
     */
    private static Expr offsetFrom(Expr index, Variable counter, Set<Variable> assigned) {
        if (index instanceof VarRef r && r.var().equals(counter)) {
            return Exprs.integer(0);
        }
        if (index instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            boolean left = b.left() instanceof VarRef r && r.var().equals(counter);
            boolean right = b.op() == Binary.Op.ADD && b.right() instanceof VarRef r && r.var().equals(counter);
            Expr other = left ? b.right() : right ? b.left() : null;
            if (other != null && !readsAny(other, assigned)) {
                return b.op() == Binary.Op.SUB ? Exprs.neg(other) : other;
            }
        }
        return null;
    }

    private static boolean readsAny(Expr e, Set<Variable> vars) {
        return ExprUtil.variables(e).stream().anyMatch(vars::contains);
    }
}
