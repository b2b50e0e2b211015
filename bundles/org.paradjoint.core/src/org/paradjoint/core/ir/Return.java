package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** {@code return value;} ({@code value} null in a void function). */
public record Return(Expr value, SourceRange range) implements Stmt {
}
