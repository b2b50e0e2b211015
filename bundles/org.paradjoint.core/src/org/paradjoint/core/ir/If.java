package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** {@code if (cond) then else otherwise}; {@code otherwise} may be null. */
public record If(Expr cond, Block then, Block otherwise, SourceRange range) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), If.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public If(Expr cond, Block then, Block otherwise) {
        this(cond, then, otherwise, SourceRange.NONE);
    }
}
