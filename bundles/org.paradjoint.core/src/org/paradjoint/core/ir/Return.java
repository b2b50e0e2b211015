package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** {@code return value;} ({@code value} null in a void function). */
public record Return(Expr value, SourceRange range) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Return.class);

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
