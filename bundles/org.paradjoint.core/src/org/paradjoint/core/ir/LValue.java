package org.paradjoint.core.ir;

/** What an assignment can write: a scalar variable or an array element. */
public sealed interface LValue extends Expr permits VarRef, ArrayRef {

    Variable var();
}
