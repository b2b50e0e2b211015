package org.paradjoint.separable.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * The combining expression {@code g(e1, ..., ek)} of the elementals. When it is linear and
 * homogeneous in them ({@code g(a + b) = g(a) + g(b)}, e.g. {@code area * (0.5 * fquad + flin)}),
 * it can be applied slot by slot and the results summed, as the scalar expansion prescribes;
 * otherwise the slots of each elemental are summed first and {@code g} applied to the sums.
 * Either way {@code df/de[s] = dg/dE} for every slot {@code s} of elemental {@code e}, the
 * weights of the gradient assembly.
 */
final class Combine {

    private Combine() {
    }

    static boolean isLinear(Expr e, Set<Variable> elementals) {
        return degree(e, elementals) == 1;
    }

    /** 0: free of elementals; 1: linear and homogeneous in them; -1: anything else. */
    private static int degree(Expr e, Set<Variable> elementals) {
        if (ExprUtil.variables(e).stream().noneMatch(elementals::contains)) {
            return 0;
        }
        return switch (e) {
            case VarRef r -> 1;
            case Unary u when u.op() == Unary.Op.NEG -> degree(u.operand(), elementals) == 1 ? 1 : -1;
            case Cast c when c.type().isFloating() -> degree(c.operand(), elementals) == 1 ? 1 : -1;
            case Binary b -> {
                int l = degree(b.left(), elementals);
                int r = degree(b.right(), elementals);
                yield switch (b.op()) {
                    case ADD, SUB -> l == 1 && r == 1 ? 1 : -1;
                    case MUL -> l + r == 1 && l >= 0 && r >= 0 ? 1 : -1;
                    case DIV -> l == 1 && r == 0 ? 1 : -1;
                    default -> -1;
                };
            }
            default -> -1;
        };
    }

    /** dg/de for every elemental (zero ones left out), in terms of the elementals and passive variables. */
    static Map<Variable, Expr> weights(Expr e, Set<Variable> elementals) {
        Map<Variable, Expr> out = new LinkedHashMap<>();
        for (Map.Entry<LValue, Expr> p : Partials.of(e, lv -> lv instanceof VarRef && elementals.contains(lv.var()))
                .entrySet()) {
            out.put(p.getKey().var(), p.getValue());
        }
        return out;
    }
}
