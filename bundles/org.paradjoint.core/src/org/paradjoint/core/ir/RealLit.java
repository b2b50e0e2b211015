package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** A floating literal; {@code text} keeps the user's spelling (e.g. {@code 0.5}) for printing. */
public record RealLit(double value, String text, SourceRange range) implements Expr {

    public RealLit(double value) {
        this(value, null, SourceRange.NONE);
    }
}
