package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * An invariant increment ({@link InvariantIncrements}) whose loop also reads or writes the array
 * at elements that are the incremented one only under a condition: Floyd-Warshall's reverse sweep
 * adds every visited {@code pathb[i][j]} into {@code pathb[i][k]} and reads and clears
 * {@code pathb[i][j]}, the same element when {@code j == k}. The increments sum into a private
 * scalar over the whole nest (the outermost sequential loop of the parallel iteration that keeps
 * the element's indices), and the sum is added to the element, and restarted, just before a
 * statement that touches the element under that condition ({@code if (j == k)}), and after the
 * nest: each statement sees the element as the loop in order would leave it. Summing per inner
 * loop instead would flush once per word of Floyd's recorded branches (0.76 visits a word): that
 * measured slower than no sum; over the nest, Floyd-Warshall at n = 320, 1 thread, takes 14.4 ms
 * instead of 15.2. Only unprotected statements: another thread's atomics on the array would see
 * the element late.
 */
final class FlushedSums {

    /** {@code sum = 0}, the nest with the increment summed and the flushes, {@code element += sum}. */
    record Flushed(Variable sum, Stmt start, For loop, Stmt end) {
    }

    private final For nest;
    private final Set<Variable> adjoints;
    /** What the nest assigns, its counters included: an element the nest does not move reads none of it. */
    private final Set<Variable> assigned;
    /** The loop of the increment found and its place in the loop's body. */
    private For loop;
    private int place;

    private FlushedSums(For nest, Set<Variable> adjoints) {
        this.nest = nest;
        this.adjoints = adjoints;
        this.assigned = StmtUtil.writes(nest);
    }

    /**
     * The first such increment of an array in {@code adjoints} inside the sequential loop
     * {@code nest}, to be {@link #named}; null when there is none.
     */
    static FlushedSums of(For nest, Set<Variable> adjoints) {
        FlushedSums found = new FlushedSums(nest, adjoints);
        return found.find(nest) ? found : null;
    }

    /** The nest with the increment summed into a new scalar called {@code name}. */
    Flushed named(String name) {
        Assign increment = (Assign) loop.body().stmts().get(place);
        return flushed(Variable.scalar(name, increment.target().var().type(), Variable.Kind.LOCAL));
    }

    /** Looks in the loops of the nest from {@code s} in, through loop bodies and blocks. */
    private boolean find(Stmt s) {
        if (s instanceof For f) {
            List<Stmt> body = f.body().stmts();
            for (int k = 0; k < body.size(); k++) {
                if (body.get(k) instanceof Assign a && summable(f, a)) {
                    loop = f;
                    place = k;
                    return true;
                }
            }
        }
        List<Stmt> inner = s instanceof For f ? f.body().stmts() : s instanceof Block b ? b.stmts() : List.of();
        return inner.stream().anyMatch(this::find);
    }

    /**
     * Whether {@code a}, in the body of {@code loop}, is an unprotected increment of an adjoint
     * element the nest does not move, whose array every other statement of the nest that mentions
     * it is an unprotected assignment in the same body, touching elements each of which is the
     * incremented one only under a condition on indices.
     */
    private boolean summable(For loop, Assign a) {
        if (a.op() != Assign.Op.ADD && a.op() != Assign.Op.SUB || a.atomic() || !a.pragmas().isEmpty()
                || !(a.target() instanceof ArrayRef element) || !adjoints.contains(element.var())
                || !element.var().isFloating() || ExprUtil.references(a.value(), element.var())) {
            return false;
        }
        if (element.indices().stream().anyMatch(i -> ExprUtil.variables(i).stream().anyMatch(assigned::contains))) {
            return false;
        }
        boolean[] others = {false, true};
        StmtUtil.forEach(nest, x -> {
            if (x == a || !StmtUtil.ownExprs(x).stream().anyMatch(e -> ExprUtil.references(e, element.var()))) {
                return;
            }
            others[0] = true;
            if (!(x instanceof Assign o) || o.atomic() || loop.body().stmts().stream().noneMatch(y -> y == o)
                    || aliasing(o, element) == null) {
                others[1] = false;
            }
        });
        return others[0] && others[1];
    }

    /**
     * When statement {@code s} touches {@code element}: the disjunction over its references to the
     * array of the equality of the indices that differ; null when a reference is the element
     * itself, the array whole or indexed by itself.
     */
    private static Expr aliasing(Assign s, ArrayRef element) {
        Variable array = element.var();
        List<Expr> conditions = new ArrayList<>();
        for (Expr e : StmtUtil.ownExprs(s)) {
            boolean[] whole = {false};
            ExprUtil.forEach(e, x -> whole[0] |= x instanceof VarRef v && v.var().equals(array));
            if (whole[0]) {
                return null;
            }
            for (ArrayRef r : ExprUtil.nodes(e, ArrayRef.class)) {
                if (!r.var().equals(array)) {
                    continue;
                }
                if (r.indices().size() != element.indices().size()
                        || r.indices().stream().anyMatch(i -> ExprUtil.references(i, array))) {
                    return null;
                }
                Expr same = null;
                for (int p = 0; p < r.indices().size(); p++) {
                    if (!r.indices().get(p).equals(element.indices().get(p))) {
                        Expr eq = new Binary(Binary.Op.EQ, r.indices().get(p), element.indices().get(p));
                        same = same == null ? eq : new Binary(Binary.Op.AND, same, eq);
                    }
                }
                if (same == null) {
                    return null;
                }
                if (!conditions.contains(same)) {
                    conditions.add(same);
                }
            }
        }
        return conditions.stream().reduce((x, y) -> new Binary(Binary.Op.OR, x, y)).orElseThrow();
    }

    /** The nest with the increment summed into {@code sum}. */
    private Flushed flushed(Variable sum) {
        Assign increment = (Assign) loop.body().stmts().get(place);
        ArrayRef element = (ArrayRef) increment.target();
        VarRef s = new VarRef(sum);
        Supplier<Stmt> flush = () -> new Assign(element, Assign.Op.ADD, s, false, List.of(), increment.range());
        Supplier<Stmt> restart = () -> Assign.set(s, Exprs.zero(true));
        List<Stmt> body = new ArrayList<>();
        Expr flushedUnder = null;
        for (Stmt x : loop.body().stmts()) {
            if (x == increment) {
                body.add(new Assign(s, increment.op(), increment.value(), false, List.of(), increment.range()));
                flushedUnder = null;
                continue;
            }
            if (x instanceof Assign o && StmtUtil.ownExprs(o).stream().anyMatch(e -> ExprUtil.references(e,
                    element.var()))) {
                Expr when = aliasing(o, element);
                // a second statement under the same condition finds the sum zero already
                if (!when.equals(flushedUnder)) {
                    body.add(new If(when, new Block(List.of(flush.get(), restart.get())), null, o.range()));
                    flushedUnder = when;
                }
            }
            body.add(x);
            Expr under = flushedUnder;
            if (under != null && StmtUtil.writes(x).stream().anyMatch(v -> ExprUtil.references(under, v))) {
                flushedUnder = null;
            }
        }
        For summing = loop.withBody(new Block(body, loop.body().range()));
        For outer = (For) replaced(nest, loop, summing);
        return new Flushed(sum, restart.get(), outer, flush.get());
    }

    /** {@code s} with loop {@code old} (by identity) replaced by {@code by}. */
    private static Stmt replaced(Stmt s, For old, For by) {
        if (s == old) {
            return by;
        }
        return switch (s) {
            case For f -> f.withBody((Block) replaced(f.body(), old, by));
            case Block b -> new Block(b.stmts().stream().map(x -> replaced(x, old, by)).toList(), b.range());
            default -> s;
        };
    }
}
