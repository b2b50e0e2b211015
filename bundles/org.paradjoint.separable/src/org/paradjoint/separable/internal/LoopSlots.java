package org.paradjoint.separable.internal;

import java.util.List;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.VarRef;

/**
 * Trip counts and linearised iteration numbers of rectangular loop nests: the slot an update
 * writes is the number of the current iteration of its nest, counted in execution order
 * ({@code (i1 - lo1) / s1 * T2 * ... + (i2 - lo2) / s2 * T3 * ... + ...}), and the nest has
 * {@code T1 * T2 * ...} slots. Two updates of one elemental in different nests share the slots
 * with the same number.
 */
final class LoopSlots {

    private LoopSlots() {
    }

    /** A constant non-zero step moving towards the bound: {@code <, <=} with a positive step, {@code >, >=} negative. */
    static boolean hasSupportedStep(For loop) {
        Long k = loop.constantStep();
        if (k == null || k == 0) {
            return false;
        }
        return k > 0 ? loop.cmp() == Binary.Op.LT || loop.cmp() == Binary.Op.LE
                : loop.cmp() == Binary.Op.GT || loop.cmp() == Binary.Op.GE;
    }

    /** The number of iterations (negative or zero when the loop does not run). */
    static Expr tripCount(For loop) {
        long k = loop.constantStep();
        long step = Math.abs(k);
        Expr span = k > 0 ? Exprs.sub(loop.bound(), loop.lower()) : Exprs.sub(loop.lower(), loop.bound());
        boolean inclusive = loop.cmp() == Binary.Op.LE || loop.cmp() == Binary.Op.GE;
        // ceil(span / step) for an exclusive bound, floor(span / step) + 1 for an inclusive one
        Expr numerator = inclusive ? Exprs.add(span, Exprs.integer(step)) : Exprs.add(span, Exprs.integer(step - 1));
        return Exprs.div(numerator, Exprs.integer(step));
    }

    /** The 0-based number of the current iteration of one loop. */
    static Expr position(For loop) {
        long k = loop.constantStep();
        Expr counter = new VarRef(loop.counter());
        Expr offset = k > 0 ? Exprs.sub(counter, loop.lower()) : Exprs.sub(loop.lower(), counter);
        return Exprs.div(offset, Exprs.integer(Math.abs(k)));
    }

    /** The slot of the current iteration of the nest (0 outside any loop), Horner-style. */
    static Expr slot(List<For> loops) {
        Expr s = Exprs.integer(0);
        for (For loop : loops) {
            s = Exprs.add(Exprs.mul(s, tripCount(loop)), position(loop));
        }
        return s;
    }

    /** The number of slots of a nest: the product of its trip counts (1 outside any loop). */
    static Expr slots(List<For> loops) {
        Expr n = Exprs.integer(1);
        for (For loop : loops) {
            n = Exprs.mul(n, tripCount(loop));
        }
        return n;
    }
}
