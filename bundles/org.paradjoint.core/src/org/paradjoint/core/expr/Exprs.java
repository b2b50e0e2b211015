package org.paradjoint.core.expr;

import java.util.List;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Smart constructors. They fold constants and apply only simplifications that are exact in
 * floating point ({@code x*1}, {@code x/1}, {@code --x}, {@code -(a-b)} to {@code b-a},
 * {@code x+x} to {@code 2.0*x}, moving negations, {@code (c?a:b)+(c?d:e)} to {@code c?a+d:b+e}),
 * plus the two classic ones of AD tools that ignore infinities and NaNs and the sign of zero:
 * {@code x+0} to {@code x} and {@code x*0} to {@code 0}. Reassociation of non-constant
 * operands is never done; constants are combined across a product only when one of them is a
 * power of two (then exactly). Dropping a floating literal never turns a floating expression
 * into an integer one: {@code i*1.0} becomes {@code (double) i}.
 */
public final class Exprs {

    private Exprs() {
    }

    // ---- literals ----------------------------------------------------------------------

    public static RealLit real(double v) {
        return new RealLit(v);
    }

    public static IntLit integer(long v) {
        return new IntLit(v);
    }

    /** Zero of the type class of {@code floating}. */
    public static Expr zero(boolean floating) {
        return floating ? real(0.0) : integer(0);
    }

    public static boolean isConst(Expr e) {
        return e instanceof IntLit || e instanceof RealLit;
    }

    public static double constValue(Expr e) {
        return e instanceof IntLit i ? i.value() : ((RealLit) e).value();
    }

    public static boolean isZero(Expr e) {
        return isConst(e) && constValue(e) == 0.0;
    }

    public static boolean isOne(Expr e) {
        return isConst(e) && constValue(e) == 1.0;
    }

    public static boolean isMinusOne(Expr e) {
        return isConst(e) && constValue(e) == -1.0;
    }

    public static VarRef ref(Variable v) {
        return new VarRef(v);
    }

    public static ArrayRef ref(Variable v, List<Expr> indices) {
        return new ArrayRef(v, indices);
    }

    public static ArrayRef ref(Variable v, Expr... indices) {
        return new ArrayRef(v, List.of(indices));
    }

    // ---- arithmetic ----------------------------------------------------------------------

    public static Expr add(Expr a, Expr b) {
        Expr folded = fold(Binary.Op.ADD, a, b);
        if (folded != null) {
            return folded;
        }
        if (isZero(a)) {
            return keepType(b, a);
        }
        if (isZero(b)) {
            return keepType(a, b);
        }
        Expr offset = intOffset(a, b, 1);
        if (offset != null) {
            return offset;
        }
        if (b instanceof Unary u && u.op() == Unary.Op.NEG) {
            return sub(a, u.operand());
        }
        if (isConst(b) && constValue(b) < 0) {
            return sub(a, negLit(b));
        }
        if (a instanceof Unary u && u.op() == Unary.Op.NEG && !isConst(b)) {
            return sub(b, u.operand());
        }
        if (a instanceof Cond ca && b instanceof Cond cb && ca.cond().equals(cb.cond())) {
            return cond(ca.cond(), add(ca.then(), cb.then()), add(ca.otherwise(), cb.otherwise()));
        }
        if (a.equals(b) && ExprTypes.isFloating(a)) {
            return mul(real(2.0), a);
        }
        return new Binary(Binary.Op.ADD, a, b);
    }

    public static Expr sub(Expr a, Expr b) {
        Expr folded = fold(Binary.Op.SUB, a, b);
        if (folded != null) {
            return folded;
        }
        if (isZero(b)) {
            return keepType(a, b);
        }
        if (isZero(a)) {
            return keepType(neg(b), a);
        }
        Expr offset = intOffset(a, b, -1);
        if (offset != null) {
            return offset;
        }
        if (b instanceof Unary u && u.op() == Unary.Op.NEG) {
            return add(a, u.operand());
        }
        if (isConst(b) && constValue(b) < 0) {
            return add(a, negLit(b));
        }
        if (a instanceof Cond ca && b instanceof Cond cb && ca.cond().equals(cb.cond())) {
            return cond(ca.cond(), sub(ca.then(), cb.then()), sub(ca.otherwise(), cb.otherwise()));
        }
        return new Binary(Binary.Op.SUB, a, b);
    }

    public static Expr mul(Expr a, Expr b) {
        Expr folded = fold(Binary.Op.MUL, a, b);
        if (folded != null) {
            return folded;
        }
        boolean floating = ExprTypes.isFloating(a) || ExprTypes.isFloating(b);
        if (isZero(a) || isZero(b)) {
            return zero(floating);
        }
        if (isOne(a)) {
            return keepType(b, a);
        }
        if (isOne(b)) {
            return keepType(a, b);
        }
        if (isMinusOne(a)) {
            return keepType(neg(b), a);
        }
        if (isMinusOne(b)) {
            return keepType(neg(a), b);
        }
        if (a instanceof Unary ua && ua.op() == Unary.Op.NEG) {
            return neg(mul(ua.operand(), b));
        }
        if (b instanceof Unary ub && ub.op() == Unary.Op.NEG) {
            return neg(mul(a, ub.operand()));
        }
        if (isConst(a) && constValue(a) < 0 && !isConst(b)) {
            return neg(mul(negLit(a), b));
        }
        if (isConst(b) && constValue(b) < 0 && !isConst(a)) {
            return neg(mul(a, negLit(b)));
        }
        // constants first: x * 2.0 -> 2.0 * x (commutation is exact)
        if (isConst(b) && !isConst(a)) {
            return mul(b, a);
        }
        // c1 * (c2 * x) -> (c1*c2) * x, exact when c1 or c2 is a power of two
        if (isConst(a) && b instanceof Binary bb && bb.op() == Binary.Op.MUL && isConst(bb.left())
                && (isPowerOfTwo(constValue(a)) || isPowerOfTwo(constValue(bb.left())))
                && (ExprTypes.isFloating(a) || ExprTypes.isFloating(bb.left()))) {
            Expr c = fold(Binary.Op.MUL, a, bb.left());
            if (c != null) {
                return mul(c, bb.right());
            }
        }
        // f * (c ? 1 : 0) -> c ? f : 0 ; f * (c ? 1 : -1) -> c ? f : -f (exact)
        if (b instanceof Cond cb && isUnitConst(cb.then()) && isUnitConst(cb.otherwise()) && !isConst(a)) {
            return cond(cb.cond(), mul(a, cb.then()), mul(a, cb.otherwise()));
        }
        if (a instanceof Cond ca && isUnitConst(ca.then()) && isUnitConst(ca.otherwise()) && !isConst(b)) {
            return cond(ca.cond(), mul(ca.then(), b), mul(ca.otherwise(), b));
        }
        return new Binary(Binary.Op.MUL, a, b);
    }

    public static Expr div(Expr a, Expr b) {
        Expr folded = fold(Binary.Op.DIV, a, b);
        if (folded != null) {
            return folded;
        }
        if (isOne(b)) {
            return keepType(a, b);
        }
        if (isMinusOne(b)) {
            return keepType(neg(a), b);
        }
        if (isZero(a) && !isZero(b)) {
            return zero(ExprTypes.isFloating(a) || ExprTypes.isFloating(b));
        }
        if (a instanceof Unary ua && ua.op() == Unary.Op.NEG) {
            return neg(div(ua.operand(), b));
        }
        if (b instanceof Unary ub && ub.op() == Unary.Op.NEG) {
            return neg(div(a, ub.operand()));
        }
        if (isConst(a) && constValue(a) < 0 && !isConst(b)) {
            return neg(div(negLit(a), b));
        }
        return new Binary(Binary.Op.DIV, a, b);
    }

    public static Expr neg(Expr a) {
        if (isConst(a)) {
            return negLit(a);
        }
        if (a instanceof Unary u && u.op() == Unary.Op.NEG) {
            return u.operand();
        }
        if (a instanceof Binary b && b.op() == Binary.Op.SUB) {
            return new Binary(Binary.Op.SUB, b.right(), b.left());
        }
        if (a instanceof Cond c && isConst(c.then()) && isConst(c.otherwise())) {
            return cond(c.cond(), negLit(c.then()), negLit(c.otherwise()));
        }
        return new Unary(Unary.Op.NEG, a);
    }

    public static Expr binary(Binary.Op op, Expr a, Expr b) {
        return switch (op) {
            case ADD -> add(a, b);
            case SUB -> sub(a, b);
            case MUL -> mul(a, b);
            case DIV -> div(a, b);
            default -> {
                Expr folded = fold(op, a, b);
                yield folded != null ? folded : new Binary(op, a, b);
            }
        };
    }

    public static Expr cond(Expr c, Expr then, Expr otherwise) {
        if (then.equals(otherwise) && ExprTypes.isFloating(then) == ExprTypes.isFloating(otherwise)) {
            return then;
        }
        if (c instanceof IntLit l) {
            return l.value() != 0 ? then : otherwise;
        }
        return new Cond(c, then, otherwise);
    }

    public static Expr cast(BaseType type, Expr e) {
        if (type.isFloating() && e instanceof RealLit) {
            return e;
        }
        if (type.isFloating() && e instanceof IntLit l) {
            return real(l.value());
        }
        if (e instanceof Cast c && c.type() == type) {
            return e;
        }
        return new Cast(type, e);
    }

    public static Call call(String name, Expr... args) {
        return new Call(name, List.of(args));
    }

    public static Expr lt(Expr a, Expr b) {
        return binary(Binary.Op.LT, a, b);
    }

    public static Expr le(Expr a, Expr b) {
        return binary(Binary.Op.LE, a, b);
    }

    public static Expr gt(Expr a, Expr b) {
        return binary(Binary.Op.GT, a, b);
    }

    public static Expr ge(Expr a, Expr b) {
        return binary(Binary.Op.GE, a, b);
    }

    // ---- helpers ----------------------------------------------------------------------

    /** {@code result} standing for an expression that involved {@code dropped}: keeps it floating if needed. */
    private static Expr keepType(Expr result, Expr dropped) {
        if (dropped instanceof RealLit && !ExprTypes.isFloating(result)) {
            return cast(BaseType.DOUBLE, result);
        }
        return result;
    }

    /**
     * Integer offsets combine (exact in integer arithmetic): {@code (x - 1) - 1} is {@code x - 2},
     * {@code (x + 3) - 1} is {@code x + 2}. {@code sign} is +1 for {@code a + b}, -1 for {@code a - b}.
     */
    private static Expr intOffset(Expr a, Expr b, int sign) {
        if (!(b instanceof IntLit c2) || !(a instanceof Binary x) || !(x.right() instanceof IntLit c1)
                || x.op() != Binary.Op.ADD && x.op() != Binary.Op.SUB || ExprTypes.isFloating(x.left())) {
            return null;
        }
        long total = (x.op() == Binary.Op.ADD ? c1.value() : -c1.value()) + sign * c2.value();
        if (total == 0) {
            return x.left();
        }
        return total > 0 ? new Binary(Binary.Op.ADD, x.left(), integer(total))
                : new Binary(Binary.Op.SUB, x.left(), integer(-total));
    }

    private static boolean isUnitConst(Expr e) {
        return isConst(e) && (constValue(e) == 0.0 || constValue(e) == 1.0 || constValue(e) == -1.0);
    }

    private static boolean isPowerOfTwo(double v) {
        double a = Math.abs(v);
        return a != 0.0 && Double.isFinite(a) && a == Math.scalb(1.0, Math.getExponent(a));
    }

    private static Expr negLit(Expr e) {
        if (e instanceof IntLit i) {
            return integer(-i.value());
        }
        RealLit r = (RealLit) e;
        String text = r.text();
        String negText = null;
        if (text != null && !text.isEmpty()) {
            negText = text.startsWith("-") ? text.substring(1) : "-" + text;
        }
        return new RealLit(-r.value(), negText, r.range());
    }

    /** Constant folding with C semantics; null when not foldable (or not exactly representable). */
    static Expr fold(Binary.Op op, Expr a, Expr b) {
        if (!isConst(a) || !isConst(b)) {
            return null;
        }
        if (a instanceof IntLit x && b instanceof IntLit y) {
            long u = x.value();
            long v = y.value();
            return switch (op) {
                case ADD -> integer(u + v);
                case SUB -> integer(u - v);
                case MUL -> integer(u * v);
                case DIV -> v == 0 ? null : integer(u / v);
                case MOD -> v == 0 ? null : integer(u % v);
                case LT -> bool(u < v);
                case LE -> bool(u <= v);
                case GT -> bool(u > v);
                case GE -> bool(u >= v);
                case EQ -> bool(u == v);
                case NE -> bool(u != v);
                case AND -> bool(u != 0 && v != 0);
                case OR -> bool(u != 0 || v != 0);
            };
        }
        double u = constValue(a);
        double v = constValue(b);
        Double r = switch (op) {
            case ADD -> u + v;
            case SUB -> u - v;
            case MUL -> u * v;
            case DIV -> v == 0.0 ? null : u / v;
            default -> null;
        };
        if (r == null) {
            return switch (op) {
                case LT -> bool(u < v);
                case LE -> bool(u <= v);
                case GT -> bool(u > v);
                case GE -> bool(u >= v);
                case EQ -> bool(u == v);
                case NE -> bool(u != v);
                default -> null;
            };
        }
        if (!Double.isFinite(r)) {
            return null;
        }
        return real(r);
    }

    private static IntLit bool(boolean b) {
        return integer(b ? 1 : 0);
    }
}
