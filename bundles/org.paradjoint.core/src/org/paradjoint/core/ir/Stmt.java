package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** Statements of the structured IR. */
public sealed interface Stmt permits Assign, For, If, Block, CallStmt, Return, Decl {

    SourceRange range();
}
