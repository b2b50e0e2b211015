package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import org.paradjoint.core.diag.SourceRange;

/** A call used as a statement (a subroutine call, or a runtime helper in generated code). */
public record CallStmt(Call call, SourceRange range) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), CallStmt.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public CallStmt(Call call) {
        this(call, SourceRange.NONE);
    }
}
