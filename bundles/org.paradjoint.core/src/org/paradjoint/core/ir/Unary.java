package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

public record Unary(Op op, Expr operand, SourceRange range) implements Expr {

    public enum Op {
        NEG("-"), NOT("!");

        public final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    public Unary(Op op, Expr operand) {
        this(op, operand, SourceRange.NONE);
    }
}
