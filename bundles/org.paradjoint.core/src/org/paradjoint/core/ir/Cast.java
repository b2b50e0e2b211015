package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** A numeric conversion, e.g. {@code (double) i} or Fortran {@code dble(i)}. */
public record Cast(BaseType type, Expr operand, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Cast.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Cast(BaseType type, Expr operand) {
        this(type, operand, SourceRange.NONE);
    }
}
