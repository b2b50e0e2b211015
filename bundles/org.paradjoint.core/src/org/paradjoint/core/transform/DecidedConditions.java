package org.paradjoint.core.transform;

import java.util.HashMap;
import java.util.Map;

import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A condition inside loops, with the comparisons that the loops' counter ranges decide replaced
 * by their value and the {@code &&}, {@code ||} and {@code !} around them folded: inside
 * {@code for (i = 1; i < n - 1; i++)}, {@code i > 0 && i < n - 1} is true and
 * {@code i + 1 > 0 && i + 1 < n - 1} is {@code i + 1 < n - 1}. A comparison is decided when both
 * sides are integer sums of variables (with literal coefficients): their difference is then
 * affine in the counters, least with each counter at the end of its range its coefficient's sign
 * picks and greatest at the other, and when that bound is a constant of the right sign the
 * comparison has one value. Anything else stays as written. Exact for every value the counters
 * take; a loop that does not run decides nothing.
 */
final class DecidedConditions {

    private final Map<Variable, DistinctElements.Range> ranges;

    private DecidedConditions(Map<Variable, DistinctElements.Range> ranges) {
        this.ranges = ranges;
    }

    /**
     * {@code cond} with what {@code ranges} (the values of the enclosing loops' counters) decide
     * folded: the literal 1 when it always holds, 0 when it never does.
     */
    static Expr folded(Expr cond, Map<Variable, DistinctElements.Range> ranges) {
        return new DecidedConditions(ranges).fold(cond);
    }

    /** True when {@code e} is the literal a decided condition folds to: 1 (holds) or 0 (never). */
    static boolean isTrue(Expr e) {
        return e instanceof IntLit l && l.value() == 1;
    }

    static boolean isFalse(Expr e) {
        return e instanceof IntLit l && l.value() == 0;
    }

    private Expr fold(Expr e) {
        switch (e) {
            case Binary b when b.op() == Binary.Op.AND || b.op() == Binary.Op.OR -> {
                Expr l = fold(b.left());
                Expr r = fold(b.right());
                boolean and = b.op() == Binary.Op.AND;
                // the absorbing value of the operator decides it; the neutral one drops out
                if (and ? isFalse(l) || isFalse(r) : isTrue(l) || isTrue(r)) {
                    return bool(!and);
                }
                if (and ? isTrue(l) : isFalse(l)) {
                    return r;
                }
                if (and ? isTrue(r) : isFalse(r)) {
                    return l;
                }
                return l == b.left() && r == b.right() ? b : new Binary(b.op(), l, r);
            }
            case Unary u when u.op() == Unary.Op.NOT -> {
                Expr o = fold(u.operand());
                if (isTrue(o) || isFalse(o)) {
                    return bool(isFalse(o));
                }
                return o == u.operand() ? u : new Unary(Unary.Op.NOT, o);
            }
            case Binary b when comparison(b.op()) -> {
                Boolean value = decided(b);
                return value == null ? b : bool(value);
            }
            default -> {
                return e;
            }
        }
    }

    private static boolean comparison(Binary.Op op) {
        return switch (op) {
            case LT, LE, GT, GE, EQ, NE -> true;
            default -> false;
        };
    }

    /** The value of the comparison wherever the counters are in their ranges, or null when it varies. */
    private Boolean decided(Binary b) {
        if (!affine(b.left()) || !affine(b.right())) {
            return null;
        }
        Expr difference = new Binary(Binary.Op.SUB, b.left(), b.right());
        Long least = extreme(difference, -1);
        Long greatest = extreme(difference, 1);
        return switch (b.op()) {
            case LT -> below(greatest, 0) ? Boolean.TRUE : above(least, -1) ? Boolean.FALSE : null;
            case LE -> below(greatest, 1) ? Boolean.TRUE : above(least, 0) ? Boolean.FALSE : null;
            case GT -> above(least, 0) ? Boolean.TRUE : below(greatest, 1) ? Boolean.FALSE : null;
            case GE -> above(least, -1) ? Boolean.TRUE : below(greatest, 0) ? Boolean.FALSE : null;
            case EQ -> above(least, -1) && below(greatest, 1) ? Boolean.TRUE
                    : above(least, 0) || below(greatest, 0) ? Boolean.FALSE : null;
            case NE -> above(least, 0) || below(greatest, 0) ? Boolean.TRUE
                    : above(least, -1) && below(greatest, 1) ? Boolean.FALSE : null;
            default -> null;
        };
    }

    /**
     * The least ({@code sign} -1) or greatest ({@code sign} 1) value of the affine
     * {@code difference} over the counters' ranges, when it is a constant: each counter at the
     * end of its range that its coefficient's sign picks (the counter only lies between its first
     * and last value, so no more is assumed). Null when a bound leaves a variable behind.
     */
    private Long extreme(Expr difference, int sign) {
        Map<Variable, Expr> at = new HashMap<>();
        for (Map.Entry<Variable, DistinctElements.Range> e : ranges.entrySet()) {
            Variable c = e.getKey();
            if (!ExprUtil.references(difference, c)) {
                continue;
            }
            Map<Variable, Expr> next = Map.of(c, new Binary(Binary.Op.ADD, new VarRef(c), new IntLit(1)));
            Long coefficient = IntegerSums.difference(ExprUtil.substitute(difference, next), difference,
                    IntegerSums.VARIABLES);
            if (coefficient == null) {
                return null;
            }
            Expr end = coefficient * sign > 0 ? e.getValue().highest() : e.getValue().lowest();
            if (ranges.keySet().stream().anyMatch(v -> ExprUtil.references(end, v))) {
                // a bound that moves with another counter (a triangular nest): not this reading
                return null;
            }
            if (coefficient != 0) {
                at.put(c, end);
            }
        }
        return IntegerSums.constant(ExprUtil.substitute(difference, at), IntegerSums.VARIABLES);
    }

    private static boolean below(Long value, long bound) {
        return value != null && value < bound;
    }

    private static boolean above(Long value, long bound) {
        return value != null && value > bound;
    }

    /**
     * True when {@code e} is an integer sum of variables and literals with literal coefficients
     * (its difference with itself is then the constant 0), so that it is affine in the counters.
     */
    private static boolean affine(Expr e) {
        return !ExprTypes.isFloating(e) && IntegerSums.difference(e, e, IntegerSums.VARIABLES) != null;
    }

    private static IntLit bool(boolean b) {
        return new IntLit(b ? 1 : 0);
    }
}
