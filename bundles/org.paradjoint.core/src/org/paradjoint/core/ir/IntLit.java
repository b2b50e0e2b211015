package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

public record IntLit(long value, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), IntLit.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public IntLit(long value) {
        this(value, SourceRange.NONE);
    }
}
