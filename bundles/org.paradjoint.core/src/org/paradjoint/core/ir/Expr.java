package org.paradjoint.core.ir;

import org.paradjoint.core.diag.SourceRange;

/** Side-effect-free expressions. Structural equality (ranges compare equal). */
public sealed interface Expr permits IntLit, RealLit, LValue, VarRef, ArrayRef, Unary, Binary, Call, Cond, Cast,
        TextOperand {

    SourceRange range();
}
