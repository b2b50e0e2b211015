package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

public record Unary(Op op, Expr operand, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Unary.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

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
