package org.paradjoint.race.internal;

import java.util.function.Consumer;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Unary;

/** Pre-order traversal of expressions. */
final class ExprWalk {

    private ExprWalk() {
    }

    static void forEach(Expr e, Consumer<Expr> visitor) {
        walk(e, true, visitor);
    }

    /** Visits {@code e} but does not descend into the indices of array references. */
    static void forEachOutsideIndices(Expr e, Consumer<Expr> visitor) {
        walk(e, false, visitor);
    }

    private static void walk(Expr e, boolean intoIndices, Consumer<Expr> visitor) {
        visitor.accept(e);
        switch (e) {
            case ArrayRef a -> {
                if (intoIndices) {
                    a.indices().forEach(i -> walk(i, true, visitor));
                }
            }
            case Unary u -> walk(u.operand(), intoIndices, visitor);
            case Binary b -> {
                walk(b.left(), intoIndices, visitor);
                walk(b.right(), intoIndices, visitor);
            }
            case Call c -> c.args().forEach(x -> walk(x, intoIndices, visitor));
            case Cast c -> walk(c.operand(), intoIndices, visitor);
            case Cond c -> {
                walk(c.cond(), intoIndices, visitor);
                walk(c.then(), intoIndices, visitor);
                walk(c.otherwise(), intoIndices, visitor);
            }
            default -> {
            }
        }
    }
}
