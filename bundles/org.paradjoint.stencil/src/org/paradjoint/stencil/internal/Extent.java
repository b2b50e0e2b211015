package org.paradjoint.stencil.internal;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;

/**
 * The values one counter takes in an emitted nest: {@code [lo, hi]}, or {@code [lo, min(hi, cap)]}
 * when {@code cap} is not null (a remainder range that must stop early on small domains).
 */
public record Extent(Affine lo, Affine hi, Affine cap) {

    public static Extent range(Affine lo, Affine hi) {
        return new Extent(lo, hi, null);
    }

    /** A single value: the nest substitutes it for the counter instead of looping. */
    public boolean isPoint() {
        return cap == null && lo.equals(hi);
    }

    public Expr upperExpr() {
        if (cap == null) {
            return hi.toExpr();
        }
        return new Cond(Exprs.lt(hi.toExpr(), cap.toExpr()), hi.toExpr(), cap.toExpr());
    }
}
