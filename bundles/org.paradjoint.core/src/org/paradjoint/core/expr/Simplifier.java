package org.paradjoint.core.expr;

import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Unary;

/** Rebuilds an expression bottom-up through the smart constructors of {@link Exprs}. */
public final class Simplifier {

    private Simplifier() {
    }

    public static Expr simplify(Expr e) {
        return ExprUtil.map(e, Simplifier::node);
    }

    private static Expr node(Expr x) {
        return switch (x) {
            case Binary b -> Exprs.binary(b.op(), b.left(), b.right());
            case Unary u when u.op() == Unary.Op.NEG -> Exprs.neg(u.operand());
            case Cond c -> Exprs.cond(c.cond(), c.then(), c.otherwise());
            case Cast c -> Exprs.cast(c.type(), c.operand());
            default -> x;
        };
    }
}
