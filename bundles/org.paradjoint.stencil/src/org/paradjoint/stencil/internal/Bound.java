package org.paradjoint.stencil.internal;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** One condition of a guard: {@code counter(level) >= value} ({@code lower}) or {@code <= value}. */
record Bound(int level, boolean lower, Affine value) {

    Expr toExpr(Variable counter) {
        Expr x = new VarRef(counter);
        return lower ? Exprs.ge(x, value.toExpr()) : Exprs.le(x, value.toExpr());
    }
}
