package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** {@code if (cond) then else otherwise}; {@code otherwise} may be null. */
public record If(Expr cond, Block then, Block otherwise, SourceRange range) implements Stmt {

    public If(Expr cond, Block then, Block otherwise) {
        this(cond, then, otherwise, SourceRange.NONE);
    }
}
