package org.paradjoint.core.expr;

import java.util.Set;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.rules.DerivativeRules;

/**
 * The type class of an expression, as C computes it: integer literals, integer variables and
 * integer arithmetic are integer; anything involving a floating variable or literal, a floating
 * cast or a floating intrinsic is floating; comparisons and logical operators are integer.
 */
public final class ExprTypes {

    /** Intrinsics whose result is an integer. */
    private static final Set<String> INTEGER_INTRINSICS = Set.of("abs", "labs");

    private ExprTypes() {
    }

    public static boolean isFloating(Expr e) {
        // Down the left operands without recursion, each right operand first: a long sum is a
        // chain of left operands, and its last term usually settles the answer at once.
        Expr cur = e;
        while (cur instanceof Binary b && !b.op().isBoolean() && b.op() != Binary.Op.MOD) {
            if (isFloating(b.right())) {
                return true;
            }
            cur = b.left();
        }
        return switch (cur) {
            case IntLit l -> false;
            case RealLit l -> true;
            case VarRef r -> r.var().isFloating();
            case ArrayRef r -> r.var().isFloating();
            case Unary u -> u.op() == Unary.Op.NEG && isFloating(u.operand());
            case Binary b -> false; // a comparison, a logical operator or %
            case Call c -> !c.isShapeQuery() && !INTEGER_INTRINSICS.contains(c.name())
                    && (DerivativeRules.isFloatingIntrinsic(c.name()) || !c.isIntrinsic());
            case Cond c -> isFloating(c.then()) || isFloating(c.otherwise());
            case Cast c -> c.type().isFloating();
            case TextOperand t -> false;
        };
    }

    public static boolean isInteger(Expr e) {
        return !isFloating(e);
    }
}
