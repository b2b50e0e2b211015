package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** {@code cond ? then : otherwise}. */
public record Cond(Expr cond, Expr then, Expr otherwise, SourceRange range) implements Expr {

    public Cond(Expr cond, Expr then, Expr otherwise) {
        this(cond, then, otherwise, SourceRange.NONE);
    }
}
