package org.paradjoint.fortran.internal;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;

/**
 * Between Fortran's {@code lower:upper} and the IR's {@code Dim(lower, extent)}. Both
 * directions add a constant the same canonical way, so that a declaration printed and read
 * back gives the same extent: {@code a(0:n+1)} has extent {@code n + 2} and prints again as
 * {@code 0:n + 1}.
 */
public final class Bounds {

    private Bounds() {
    }

    /** {@code upper - lower + 1}. */
    public static Expr extent(Expr lower, Expr upper) {
        if (lower instanceof IntLit l) {
            return l.value() == 1 ? upper : addConst(upper, 1 - l.value());
        }
        return addConst(new Binary(Binary.Op.SUB, upper, lower, upper.range()), 1);
    }

    /** {@code lower + extent - 1}. */
    public static Expr upper(Expr lower, Expr extent) {
        if (lower instanceof IntLit l) {
            return l.value() == 1 ? extent : addConst(extent, l.value() - 1);
        }
        return addConst(new Binary(Binary.Op.ADD, extent, lower, extent.range()), -1);
    }

    /** {@code e + k}, merged into a trailing literal term when there is one. */
    public static Expr addConst(Expr e, long k) {
        if (k == 0) {
            return e;
        }
        SourceRange r = e.range();
        if (e instanceof IntLit l) {
            return new IntLit(l.value() + k, r);
        }
        if (e instanceof Binary b && b.right() instanceof IntLit c
                && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            long sum = (b.op() == Binary.Op.ADD ? c.value() : -c.value()) + k;
            return plus(b.left(), sum, r);
        }
        return plus(e, k, r);
    }

    private static Expr plus(Expr x, long k, SourceRange r) {
        if (k == 0) {
            return x;
        }
        return k > 0 ? new Binary(Binary.Op.ADD, x, new IntLit(k, r), r)
                : new Binary(Binary.Op.SUB, x, new IntLit(-k, r), r);
    }
}
