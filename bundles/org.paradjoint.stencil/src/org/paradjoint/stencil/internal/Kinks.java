package org.paradjoint.stencil.internal;

import java.util.List;

import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.rules.DerivativeRules;

/**
 * {@code fmax}, {@code fmin} and {@code fabs} as conditional expressions that make the same
 * choice as the core's kink convention ({@link DerivativeRules}): {@code fmax(a, b)} is
 * {@code a >= b ? a : b}, {@code fmin(a, b)} is {@code a <= b ? a : b} (ties pick {@code a}),
 * {@code fabs(x)} is {@code x >= 0 ? x : -x}. Differentiating the conditional then yields the
 * core's one-sided derivatives, and one comparison decides both the value and the derivative,
 * so the adjoint evaluates no library call for them and vectorises. The values agree with the
 * library functions for all numbers (they differ only for a NaN second argument of fmax/fmin).
 */
final class Kinks {

    private Kinks() {
    }

    static Expr rewrite(Expr e) {
        return ExprUtil.map(e, Kinks::node);
    }

    private static Expr node(Expr x) {
        // with integer arguments the conditional would be an integer expression, the call is not
        if (!(x instanceof Call c) || c.args().stream().noneMatch(ExprTypes::isFloating)) {
            return x;
        }
        String base = c.name().endsWith("f") && !c.name().equals("fabs") ? c.name().substring(0, c.name().length() - 1)
                : c.name();
        List<Expr> a = c.args();
        return switch (base) {
            case "fmax" -> a.size() == 2 ? new Cond(Exprs.ge(a.get(0), a.get(1)), a.get(0), a.get(1), c.range()) : x;
            case "fmin" -> a.size() == 2 ? new Cond(Exprs.le(a.get(0), a.get(1)), a.get(0), a.get(1), c.range()) : x;
            case "fabs" -> a.size() == 1 ? new Cond(new Binary(Binary.Op.GE, a.get(0), Exprs.real(0.0)), a.get(0),
                    Exprs.neg(a.get(0)), c.range()) : x;
            default -> x;
        };
    }
}
