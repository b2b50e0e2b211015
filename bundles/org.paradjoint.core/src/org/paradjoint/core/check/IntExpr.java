package org.paradjoint.core.check;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A small integer expression of the check options ({@code n+8}, {@code 4*ng}, {@code (nx+2)*(ny+2)}):
 * decimal literals, names, unary minus, {@code + - * / %} with C precedence and C (truncating)
 * division, parentheses. The driver prints it as C; the generator evaluates it to size arrays.
 */
public sealed interface IntExpr {

    record Lit(long value) implements IntExpr {
    }

    record Name(String name) implements IntExpr {
    }

    record Neg(IntExpr operand) implements IntExpr {
    }

    record Bin(char op, IntExpr left, IntExpr right) implements IntExpr {
    }

    /** Parses {@code text}; an {@link IllegalArgumentException} says what is wrong and where. */
    static IntExpr parse(String text) {
        return new IntExprParser(text).parseAll();
    }

    /** The value, looking names up in {@code env}; unknown names and division by zero throw. */
    default long eval(Map<String, Long> env) {
        return switch (this) {
            case Lit l -> l.value();
            case Name n -> {
                Long v = env.get(n.name());
                if (v == null) {
                    throw new IllegalArgumentException("unknown name '" + n.name() + "'");
                }
                yield v;
            }
            case Neg g -> Math.negateExact(g.operand().eval(env));
            case Bin b -> apply(b.op(), b.left().eval(env), b.right().eval(env));
        };
    }

    private static long apply(char op, long a, long b) {
        if ((op == '/' || op == '%') && b == 0) {
            throw new IllegalArgumentException("division by zero");
        }
        return switch (op) {
            case '+' -> Math.addExact(a, b);
            case '-' -> Math.subtractExact(a, b);
            case '*' -> Math.multiplyExact(a, b);
            case '/' -> a / b;
            default -> a % b;
        };
    }

    /** The names used, in order of first appearance. */
    default Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        collectNames(this, out);
        return out;
    }

    private static void collectNames(IntExpr e, Set<String> out) {
        switch (e) {
            case Lit l -> { }
            case Name n -> out.add(n.name());
            case Neg g -> collectNames(g.operand(), out);
            case Bin b -> {
                collectNames(b.left(), out);
                collectNames(b.right(), out);
            }
        }
    }

    /** C text with only the parentheses precedence needs. */
    default String toC() {
        return print(this, 0);
    }

    private static String print(IntExpr e, int context) {
        return switch (e) {
            case Lit l -> l.value() < 0 && context > 0 ? "(" + l.value() + ")" : Long.toString(l.value());
            case Name n -> n.name();
            case Neg g -> wrap("-" + print(g.operand(), 3), 3, context);
            case Bin b -> {
                int p = (b.op() == '+' || b.op() == '-') ? 1 : 2;
                yield wrap(print(b.left(), p) + " " + b.op() + " " + print(b.right(), p + 1), p, context);
            }
        };
    }

    private static String wrap(String s, int precedence, int context) {
        return precedence < context ? "(" + s + ")" : s;
    }
}
