package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/**
 * A block-local declaration with optional initialiser. Front-ends hoist user declarations to
 * {@link Function#locals()}; generated code uses this for temporaries local to a parallel
 * iteration, which OpenMP then makes private without a clause.
 */
public record Decl(Variable var, Expr init, SourceRange range) implements Stmt {

    public Decl(Variable var, Expr init) {
        this(var, init, SourceRange.NONE);
    }
}
