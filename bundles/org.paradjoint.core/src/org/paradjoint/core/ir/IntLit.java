package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

public record IntLit(long value, SourceRange range) implements Expr {

    public IntLit(long value) {
        this(value, SourceRange.NONE);
    }
}
