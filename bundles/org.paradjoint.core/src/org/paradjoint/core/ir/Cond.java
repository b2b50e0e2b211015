package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** {@code cond ? then : otherwise}. */
public record Cond(Expr cond, Expr then, Expr otherwise, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Cond.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Cond(Expr cond, Expr then, Expr otherwise) {
        this(cond, then, otherwise, SourceRange.NONE);
    }
}
