package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * An array element. Indices are in source order and source numbering (a Fortran
 * {@code a(i,j)} with lower bound 0 keeps {@code [i, j]}); {@link Variable#layout()} and
 * {@link Dim#lower()} say how they map to memory.
 */
public record ArrayRef(Variable var, List<Expr> indices, SourceRange range) implements Expr, LValue {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), ArrayRef.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public ArrayRef {
        indices = List.copyOf(indices);
    }

    public ArrayRef(Variable var, List<Expr> indices) {
        this(var, indices, SourceRange.NONE);
    }
}
