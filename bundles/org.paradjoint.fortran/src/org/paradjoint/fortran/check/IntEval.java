package org.paradjoint.fortran.check;

import java.util.Map;

import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.fortran.print.FortranPrinter;

/** Values of the integer IR expressions of declared bounds ({@code 0:n+1}, {@code 9*nx*ny-1}). */
final class IntEval {

    private IntEval() {
    }

    /** The value, or an {@link IllegalArgumentException} naming what cannot be evaluated. */
    static long eval(Expr e, Map<String, Long> env) {
        return switch (e) {
            case IntLit l -> l.value();
            case VarRef v -> {
                Long x = env.get(v.var().name());
                if (x == null) {
                    throw new IllegalArgumentException("'" + v.var().name() + "' has no integer value");
                }
                yield x;
            }
            case Unary u when u.op() == Unary.Op.NEG -> Math.negateExact(eval(u.operand(), env));
            case Cast c when c.type().isInteger() -> eval(c.operand(), env);
            case Binary b when !b.op().isBoolean() -> {
                long x = eval(b.left(), env);
                long y = eval(b.right(), env);
                if ((b.op() == Binary.Op.DIV || b.op() == Binary.Op.MOD) && y == 0) {
                    throw new IllegalArgumentException("division by zero");
                }
                yield switch (b.op()) {
                    case ADD -> Math.addExact(x, y);
                    case SUB -> Math.subtractExact(x, y);
                    case MUL -> Math.multiplyExact(x, y);
                    case DIV -> x / y;
                    default -> x % y;
                };
            }
            default -> throw new IllegalArgumentException("cannot evaluate " + FortranPrinter.print(e));
        };
    }
}
