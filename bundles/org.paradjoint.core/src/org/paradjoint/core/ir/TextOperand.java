package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/**
 * An operand of a passive library call kept as the user wrote it: a string literal
 * ({@code "%g\n"}, with its quotes and escapes) or a standard stream ({@code stdout},
 * {@code stderr}). Only {@link CalleeKind#PASSIVE} calls take one; it has no value the IR knows,
 * no variable and no derivative, and is printed as written.
 */
public record TextOperand(String text, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), TextOperand.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }
}
