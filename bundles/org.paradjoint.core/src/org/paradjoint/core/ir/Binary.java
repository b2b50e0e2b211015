package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

public record Binary(Op op, Expr left, Expr right, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Binary.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    /** Operators with C precedence (higher binds tighter). */
    public enum Op {
        MUL("*", 13), DIV("/", 13), MOD("%", 13),
        ADD("+", 12), SUB("-", 12),
        LT("<", 10), LE("<=", 10), GT(">", 10), GE(">=", 10),
        EQ("==", 9), NE("!=", 9),
        AND("&&", 5), OR("||", 4);

        public final String symbol;
        public final int precedence;

        Op(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        public boolean isComparison() {
            return precedence == 10 || precedence == 9;
        }

        public boolean isLogical() {
            return this == AND || this == OR;
        }

        /** True for operators whose value is a truth value, never a differentiable quantity. */
        public boolean isBoolean() {
            return isComparison() || isLogical();
        }
    }

    public Binary(Op op, Expr left, Expr right) {
        this(op, left, right, SourceRange.NONE);
    }
}
