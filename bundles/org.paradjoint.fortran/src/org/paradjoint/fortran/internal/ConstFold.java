package org.paradjoint.fortran.internal;

import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;

/**
 * Folds the arithmetic of literals in named-constant values ({@code n = 2*m + 1} with {@code m}
 * a constant), so that kinds and extents read as plain numbers. Anything it cannot fold is kept.
 */
final class ConstFold {

    private ConstFold() {
    }

    static Expr fold(Expr e) {
        return switch (e) {
            case Unary u when u.op() == Unary.Op.NEG -> {
                Expr o = fold(u.operand());
                if (o instanceof IntLit l) {
                    yield new IntLit(-l.value(), e.range());
                }
                if (o instanceof RealLit l) {
                    yield new RealLit(-l.value(), null, e.range());
                }
                yield new Unary(u.op(), o, u.range());
            }
            case Binary b when !b.op().isBoolean() -> {
                Expr l = fold(b.left());
                Expr r = fold(b.right());
                if (l instanceof IntLit x && r instanceof IntLit y) {
                    Long v = intOp(b.op(), x.value(), y.value());
                    yield v == null ? new Binary(b.op(), l, r, b.range()) : new IntLit(v, b.range());
                }
                if (isNumber(l) && isNumber(r) && b.op() != Binary.Op.MOD) {
                    double x = value(l);
                    double y = value(r);
                    double v = switch (b.op()) {
                        case ADD -> x + y;
                        case SUB -> x - y;
                        case MUL -> x * y;
                        default -> x / y;
                    };
                    yield new RealLit(v, null, b.range());
                }
                yield new Binary(b.op(), l, r, b.range());
            }
            case Cast c -> {
                Expr o = fold(c.operand());
                if (c.type().isFloating() && isNumber(o)) {
                    double v = value(o);
                    yield new RealLit(c.type() == org.paradjoint.core.ir.BaseType.FLOAT ? (float) v : v, null,
                            c.range());
                }
                if (c.type().isInteger() && o instanceof IntLit) {
                    yield o;
                }
                yield new Cast(c.type(), o, c.range());
            }
            default -> e;
        };
    }

    private static Long intOp(Binary.Op op, long x, long y) {
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> y == 0 ? null : x / y;
            case MOD -> y == 0 ? null : x % y;
            default -> null;
        };
    }

    private static boolean isNumber(Expr e) {
        return e instanceof IntLit || e instanceof RealLit;
    }

    private static double value(Expr e) {
        return e instanceof IntLit l ? l.value() : ((RealLit) e).value();
    }
}
