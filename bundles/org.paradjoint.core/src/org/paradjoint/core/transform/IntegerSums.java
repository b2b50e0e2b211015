package org.paradjoint.core.transform;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;

/**
 * Index arithmetic: the value of an integer sum whose other terms cancel, {@code (i + 1) - i} or
 * {@code (nc + 1) - nc}. The sum is read as literals, negations, {@code +}, {@code -} and
 * products with a literal over terms; which sub-expressions may be terms (compared by structure,
 * with their integer coefficients) is the caller's: plain variables for loop bounds, any integer
 * sub-expression for array indices.
 */
final class IntegerSums {

    /** Plain variables only. */
    static final Predicate<Expr> VARIABLES = e -> e instanceof VarRef;
    /** Any sub-expression that is not floating ({@code c[i]} in {@code x[c[i] + 1]}). */
    static final Predicate<Expr> INTEGER_TERMS = e -> !ExprTypes.isFloating(e);

    private IntegerSums() {
    }

    /** {@code x - y} when it is a constant (every term cancels), else null. */
    static Long difference(Expr x, Expr y, Predicate<Expr> term) {
        Map<Expr, Long> terms = new HashMap<>();
        long[] constant = {0};
        if (!linear(x, 1, term, terms, constant) || !linear(y, -1, term, terms, constant)) {
            return null;
        }
        return terms.values().stream().allMatch(c -> c == 0) ? constant[0] : null;
    }

    /** {@code e} when it is a constant (every term cancels), else null. */
    static Long constant(Expr e, Predicate<Expr> term) {
        return difference(e, new IntLit(0), term);
    }

    /**
     * Adds {@code sign * e} to {@code terms} and {@code constant}; false when {@code e} is not a
     * sum of literals and terms.
     */
    private static boolean linear(Expr e, long sign, Predicate<Expr> term, Map<Expr, Long> terms, long[] constant) {
        switch (e) {
            case IntLit l -> constant[0] += sign * l.value();
            case Unary u when u.op() == Unary.Op.NEG -> {
                return linear(u.operand(), -sign, term, terms, constant);
            }
            case Binary b when b.op() == Binary.Op.ADD -> {
                return linear(b.left(), sign, term, terms, constant) && linear(b.right(), sign, term, terms, constant);
            }
            case Binary b when b.op() == Binary.Op.SUB -> {
                return linear(b.left(), sign, term, terms, constant) && linear(b.right(), -sign, term, terms, constant);
            }
            case Binary b when b.op() == Binary.Op.MUL && b.left() instanceof IntLit l -> {
                return linear(b.right(), sign * l.value(), term, terms, constant);
            }
            case Binary b when b.op() == Binary.Op.MUL && b.right() instanceof IntLit l -> {
                return linear(b.left(), sign * l.value(), term, terms, constant);
            }
            default -> {
                if (!term.test(e)) {
                    return false;
                }
                terms.merge(e, sign, Long::sum);
            }
        }
        return true;
    }
}
