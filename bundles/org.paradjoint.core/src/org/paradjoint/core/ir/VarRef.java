package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** A scalar variable (or a whole array when passed to a call). */
public record VarRef(Variable var, SourceRange range) implements Expr, LValue {

    public VarRef(Variable var) {
        this(var, SourceRange.NONE);
    }
}
