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
        visitor.accept(e);
        switch (e) {
            case ArrayRef a -> a.indices().forEach(i -> forEach(i, visitor));
            case Unary u -> forEach(u.operand(), visitor);
            case Binary b -> {
                forEach(b.left(), visitor);
                forEach(b.right(), visitor);
            }
            case Call c -> c.args().forEach(x -> forEach(x, visitor));
            case Cast c -> forEach(c.operand(), visitor);
            case Cond c -> {
                forEach(c.cond(), visitor);
                forEach(c.then(), visitor);
                forEach(c.otherwise(), visitor);
            }
            default -> {
            }
        }
    }

    /** Visits {@code e} but does not descend into the indices of array references. */
    static void forEachOutsideIndices(Expr e, Consumer<Expr> visitor) {
        visitor.accept(e);
        switch (e) {
            case Unary u -> forEachOutsideIndices(u.operand(), visitor);
            case Binary b -> {
                forEachOutsideIndices(b.left(), visitor);
                forEachOutsideIndices(b.right(), visitor);
            }
            case Call c -> c.args().forEach(x -> forEachOutsideIndices(x, visitor));
            case Cast c -> forEachOutsideIndices(c.operand(), visitor);
            case Cond c -> {
                forEachOutsideIndices(c.cond(), visitor);
                forEachOutsideIndices(c.then(), visitor);
                forEachOutsideIndices(c.otherwise(), visitor);
            }
            default -> {
            }
        }
    }
}
