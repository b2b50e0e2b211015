package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/**
 * A block-local declaration with optional initialiser. Front-ends hoist user declarations to
 * {@link Function#locals()}; generated code uses this for temporaries local to a parallel
 * iteration, which OpenMP then makes private without a clause.
 */
public record Decl(Variable var, Expr init, SourceRange range) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Decl.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Decl(Variable var, Expr init) {
        this(var, init, SourceRange.NONE);
    }
}
