package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** A scalar variable (or a whole array when passed to a call). */
public record VarRef(Variable var, SourceRange range) implements Expr, LValue {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), VarRef.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public VarRef(Variable var) {
        this(var, SourceRange.NONE);
    }
}
