package org.paradjoint.core.rules;

import static org.paradjoint.core.expr.Exprs.cond;
import static org.paradjoint.core.expr.Exprs.div;
import static org.paradjoint.core.expr.Exprs.mul;
import static org.paradjoint.core.expr.Exprs.neg;
import static org.paradjoint.core.expr.Exprs.real;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;

/**
 * Linearisation of an expression: the partial derivative with respect to each active leaf (a
 * variable or array-element reference in a differentiable position), so that
 * {@code d e = sum over leaves of partial * d leaf}. Leaves are keyed structurally, so that two
 * occurrences of {@code x[i]} combine into one partial. Indices, conditions of {@code ?:},
 * comparisons, logical and integer operations are not differentiable positions.
 */
public final class Partials {

    private Partials() {
    }

    /** The partials of {@code e} with respect to its active leaves, in order of first occurrence. */
    public static Map<LValue, Expr> of(Expr e, Predicate<LValue> activeLeaf) {
        Map<LValue, Expr> out = new LinkedHashMap<>();
        collect(e, real(1.0), activeLeaf, out);
        out.replaceAll((k, v) -> v);
        out.values().removeIf(Exprs::isZero);
        return out;
    }

    /** True when {@code e} has an active leaf in a differentiable position. */
    public static boolean isActive(Expr e, Predicate<LValue> activeLeaf) {
        return !of(e, activeLeaf).isEmpty();
    }

    private static void collect(Expr e, Expr factor, Predicate<LValue> active, Map<LValue, Expr> out) {
        if (Exprs.isZero(factor)) {
            return;
        }
        switch (e) {
            case IntLit l -> {
            }
            case RealLit l -> {
            }
            case VarRef r -> leaf(r, factor, active, out);
            case ArrayRef r -> leaf(r, factor, active, out);
            case Unary u -> {
                if (u.op() == Unary.Op.NEG) {
                    collect(u.operand(), neg(factor), active, out);
                }
            }
            case Binary b -> {
                if (!ExprTypes.isFloating(b)) {
                    return;
                }
                switch (b.op()) {
                    case ADD -> {
                        collect(b.left(), factor, active, out);
                        collect(b.right(), factor, active, out);
                    }
                    case SUB -> {
                        collect(b.left(), factor, active, out);
                        collect(b.right(), neg(factor), active, out);
                    }
                    case MUL -> {
                        collect(b.left(), mul(factor, b.right()), active, out);
                        collect(b.right(), mul(factor, b.left()), active, out);
                    }
                    case DIV -> {
                        collect(b.left(), div(factor, b.right()), active, out);
                        collect(b.right(), mul(factor, neg(div(b.left(), mul(b.right(), b.right())))), active,
                                out);
                    }
                    default -> {
                    }
                }
            }
            case Call c -> {
                if (!DerivativeRules.isFloatingIntrinsic(c.name())) {
                    if (!DerivativeRules.isIntrinsic(c.name())) {
                        throw new UnsupportedException("unknown-function", c.range(), "call to unknown function '"
                                + c.name() + "': define it in this file (it is then inlined) or use an intrinsic");
                    }
                    return;
                }
                List<Expr> partials = DerivativeRules.partials(c.name(), c.args());
                for (int k = 0; k < c.args().size(); k++) {
                    Expr arg = c.args().get(k);
                    if (ExprTypes.isFloating(arg) && !of(arg, active).isEmpty()) {
                        collect(arg, mul(factor, partials.get(k)), active, out);
                    }
                }
            }
            case Cond c -> {
                collect(c.then(), cond(c.cond(), factor, real(0.0)), active, out);
                collect(c.otherwise(), cond(c.cond(), real(0.0), factor), active, out);
            }
            case Cast c -> {
                if (c.type().isFloating()) {
                    collect(c.operand(), factor, active, out);
                }
            }
        }
    }

    private static void leaf(LValue r, Expr factor, Predicate<LValue> active, Map<LValue, Expr> out) {
        if (r.var().isFloating() && active.test(r)) {
            out.merge(r, factor, Exprs::add);
        }
    }
}
