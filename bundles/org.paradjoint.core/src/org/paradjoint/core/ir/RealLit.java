package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** A floating literal; {@code text} keeps the user's spelling (e.g. {@code 0.5}) for printing. */
public record RealLit(double value, String text, SourceRange range) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), RealLit.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public RealLit(double value) {
        this(value, null, SourceRange.NONE);
    }
}
