package org.paradjoint.core.check;

import java.util.Map;
import java.util.function.Function;

import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;

/**
 * Evaluates and prints the integer IR expressions of declared extents and bounds
 * ({@code u[n][n][n]}, {@code w[9][9]}, Fortran's {@code 0:n+1}), given the values of the
 * integer names. Overflow is an {@link ArithmeticException}.
 */
public final class IrInt {

    private IrInt() {
    }

    /** The value, or an {@link IllegalArgumentException} naming (in C) what cannot be evaluated. */
    public static long eval(Expr e, Map<String, Long> env) {
        return eval(e, env, IrInt::toC);
    }

    /** As {@link #eval(Expr, Map)}; {@code spelling} writes what cannot be evaluated in the message. */
    public static long eval(Expr e, Map<String, Long> env, Function<Expr, String> spelling) {
        return switch (e) {
            case IntLit l -> l.value();
            case VarRef v -> {
                Long x = env.get(v.var().name());
                if (x == null) {
                    throw new IllegalArgumentException("'" + v.var().name() + "' has no integer value");
                }
                yield x;
            }
            case Unary u when u.op() == Unary.Op.NEG -> Math.negateExact(eval(u.operand(), env, spelling));
            case Cast c when c.type().isInteger() -> eval(c.operand(), env, spelling);
            case Binary b when !b.op().isBoolean() -> {
                long x = eval(b.left(), env, spelling);
                long y = eval(b.right(), env, spelling);
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
            default -> throw new IllegalArgumentException("cannot evaluate " + spelling.apply(e));
        };
    }

    /** C text, parenthesised by precedence (only what {@link #eval} accepts prints exactly). */
    public static String toC(Expr e) {
        return print(e, 0);
    }

    private static String print(Expr e, int context) {
        return switch (e) {
            case IntLit l -> l.value() < 0 && context > 0 ? "(" + l.value() + ")" : Long.toString(l.value());
            case VarRef v -> v.var().name();
            case Unary u -> wrap(u.op().symbol + print(u.operand(), 14), 14, context);
            case Cast c -> wrap("(" + c.type().cName() + ") " + print(c.operand(), 14), 14, context);
            case Binary b -> wrap(print(b.left(), b.op().precedence) + " " + b.op().symbol + " "
                    + print(b.right(), b.op().precedence + 1), b.op().precedence, context);
            default -> "/* ? */";
        };
    }

    private static String wrap(String s, int precedence, int context) {
        return precedence < context ? "(" + s + ")" : s;
    }
}
