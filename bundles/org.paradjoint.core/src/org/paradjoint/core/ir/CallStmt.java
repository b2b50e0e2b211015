package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** A call used as a statement (a subroutine call, or a runtime helper in generated code). */
public record CallStmt(Call call, SourceRange range) implements Stmt {

    public CallStmt(Call call) {
        this(call, SourceRange.NONE);
    }
}
