package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** A numeric conversion, e.g. {@code (double) i} or Fortran {@code dble(i)}. */
public record Cast(BaseType type, Expr operand, SourceRange range) implements Expr {

    public Cast(BaseType type, Expr operand) {
        this(type, operand, SourceRange.NONE);
    }
}
