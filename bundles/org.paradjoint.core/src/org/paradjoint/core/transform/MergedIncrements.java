package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * One update per adjoint element: increments of the same element of an adjoint within a block
 * ({@code xb[i] += a; ... xb[i] += b;}) become one ({@code xb[i] += a + b;}), so that an
 * unproven element pays one atomic per iteration, not one per term, and a proven one one load
 * and one store. A later increment moves up to an earlier one of the same element across the
 * assignments between them when none of them writes what it reads, or touches its element
 * (other elements of the same array are fine when their indices provably differ: the same
 * expression plus different constants in one position). Increments are atomic or not as before
 * (the merged one is atomic when either was).
 */
final class MergedIncrements {

    private final Set<Variable> adjoints;

    private MergedIncrements(Set<Variable> adjoints) {
        this.adjoints = adjoints;
    }

    /** {@code f} with the increments of the variables in {@code adjoints} merged in every block. */
    static Function apply(Function f, Set<Variable> adjoints) {
        Block body = new MergedIncrements(adjoints).block(f.body());
        return f.withBody(body);
    }

    private Block block(Block b) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            Stmt inner = switch (s) {
                case For f -> f.withBody(block(f.body()));
                case If i -> new If(i.cond(), block(i.then()), i.otherwise() == null ? null : block(i.otherwise()),
                        i.range());
                case Block x -> block(x);
                default -> s;
            };
            if (!(inner instanceof Assign a && isIncrement(a) && mergeIntoEarlier(out, a))) {
                out.add(inner);
            }
        }
        return new Block(out, b.range());
    }

    private boolean isIncrement(Assign a) {
        return (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB) && adjoints.contains(a.target().var())
                && a.pragmas().isEmpty();
    }

    /** Merges {@code later} into an earlier increment of its element in {@code out}; false when none can take it. */
    private boolean mergeIntoEarlier(List<Stmt> out, Assign later) {
        for (int k = out.size() - 1; k >= 0; k--) {
            Stmt s = out.get(k);
            if (s instanceof Assign a && isIncrement(a) && a.target().equals(later.target())) {
                if (a.op() != later.op() && a.value().equals(later.value())) {
                    out.remove(k); // x -= t; ... x += t; cancel (a protected read-and-reset of a self-update)
                } else {
                    out.set(k, merged(a, later));
                }
                return true;
            }
            if (!transparent(s, later)) {
                return false;
            }
        }
        return false;
    }

    private static Assign merged(Assign first, Assign second) {
        Expr value = first.op() == second.op() ? Exprs.add(first.value(), second.value())
                : Exprs.sub(first.value(), second.value());
        return new Assign(first.target(), first.op(), value, first.atomic() || second.atomic(), first.pragmas(),
                first.range());
    }

    /** True when {@code increment} may move from after {@code s} to before it. */
    private static boolean transparent(Stmt s, Assign increment) {
        if (!(s instanceof Assign a)) {
            return false;
        }
        LValue target = increment.target();
        Set<Variable> reads = ExprUtil.variables(increment.value());
        reads.addAll(ExprUtil.indexVariables(target));
        if (reads.contains(a.target().var())) {
            return false;
        }
        List<LValue> mentioned = new ArrayList<>(ExprUtil.references(a.target()));
        mentioned.addAll(ExprUtil.references(a.value()));
        for (LValue lv : mentioned) {
            if (lv.var().equals(target.var()) && !differentElements(lv, target)) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code a} and {@code b} are elements of one array whose indices provably differ. */
    private static boolean differentElements(LValue a, LValue b) {
        if (!(a instanceof ArrayRef x) || !(b instanceof ArrayRef y) || x.indices().size() != y.indices().size()) {
            return false;
        }
        for (int k = 0; k < x.indices().size(); k++) {
            Offset p = Offset.of(x.indices().get(k));
            Offset q = Offset.of(y.indices().get(k));
            if (p.base() == null ? q.base() == null : p.base().equals(q.base())) {
                if (p.constant() != q.constant()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An index as {@code base + constant} ({@code base} null for a constant index). */
    private record Offset(Expr base, long constant) {

        static Offset of(Expr e) {
            if (e instanceof IntLit l) {
                return new Offset(null, l.value());
            }
            if (e instanceof Binary b && b.right() instanceof IntLit l) {
                if (b.op() == Binary.Op.ADD) {
                    return new Offset(b.left(), l.value());
                }
                if (b.op() == Binary.Op.SUB) {
                    return new Offset(b.left(), -l.value());
                }
            }
            return new Offset(e, 0);
        }
    }
}
