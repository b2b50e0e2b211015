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
import org.paradjoint.core.ir.TextOperand;
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
        Map<LValue, Expr> out = partials(e, activeLeaf);
        out.values().removeIf(Exprs::isZero);
        return out;
    }

    /** True when {@code e} has an active leaf in a differentiable position. */
    public static boolean isActive(Expr e, Predicate<LValue> activeLeaf) {
        return !of(e, activeLeaf).isEmpty();
    }

    /** Bottom-up: the partials of the operands, combined by the local derivative of the node. */
    private static Map<LValue, Expr> partials(Expr e, Predicate<LValue> active) {
        Map<LValue, Expr> out = new LinkedHashMap<>();
        switch (e) {
            case IntLit l -> {
            }
            case RealLit l -> {
            }
            case VarRef r -> leaf(r, active, out);
            case ArrayRef r -> leaf(r, active, out);
            case Unary u -> {
                if (u.op() == Unary.Op.NEG) {
                    scaled(out, partials(u.operand(), active), p -> neg(p));
                }
            }
            case Binary b -> {
                if (!ExprTypes.isFloating(b)) {
                    break;
                }
                Map<LValue, Expr> l = partials(b.left(), active);
                Map<LValue, Expr> r = partials(b.right(), active);
                switch (b.op()) {
                    // The left operand's partials are this node's own map, extended (not copied):
                    // a sum of n terms is a chain of n left operands.
                    case ADD -> {
                        scaled(l, r, p -> p);
                        return l;
                    }
                    case SUB -> {
                        scaled(l, r, p -> neg(p));
                        return l;
                    }
                    case MUL -> {
                        scaled(out, l, p -> mul(p, b.right()));
                        scaled(out, r, p -> mul(b.left(), p));
                    }
                    case DIV -> {
                        scaled(out, l, p -> div(p, b.right()));
                        scaled(out, r, p -> neg(mul(div(b.left(), mul(b.right(), b.right())), p)));
                    }
                    default -> {
                    }
                }
            }
            case Call c -> {
                if (!DerivativeRules.isFloatingIntrinsic(c.name())) {
                    if (!c.isIntrinsic() && !c.isShapeQuery() && !c.isPassive() && !c.isMpi()) {
                        throw UnknownFunctions.error(c.range(), List.of(c.name()));
                    }
                    break;
                }
                List<Map<LValue, Expr>> args = c.args().stream().map(a -> partials(a, active)).toList();
                if (args.stream().allMatch(Map::isEmpty)) {
                    break;
                }
                List<Expr> rule = DerivativeRules.partials(c.name(), c.args());
                for (int k = 0; k < args.size(); k++) {
                    Expr d = rule.get(k);
                    scaled(out, args.get(k), p -> mul(d, p));
                }
            }
            case Cond c -> {
                scaled(out, partials(c.then(), active), p -> cond(c.cond(), p, real(0.0)));
                scaled(out, partials(c.otherwise(), active), p -> cond(c.cond(), real(0.0), p));
            }
            case Cast c -> {
                if (c.type().isFloating()) {
                    scaled(out, partials(c.operand(), active), p -> p);
                }
            }
            case TextOperand t -> {
            }
        }
        return out;
    }

    private static void scaled(Map<LValue, Expr> out, Map<LValue, Expr> in, java.util.function.UnaryOperator<Expr> f) {
        for (Map.Entry<LValue, Expr> x : in.entrySet()) {
            Expr v = f.apply(x.getValue());
            if (!Exprs.isZero(v)) {
                out.merge(x.getKey(), v, Exprs::add);
            }
        }
    }

    private static void leaf(LValue r, Predicate<LValue> active, Map<LValue, Expr> out) {
        if (r.var().isFloating() && active.test(r)) {
            out.put(r, real(1.0));
        }
    }
}
