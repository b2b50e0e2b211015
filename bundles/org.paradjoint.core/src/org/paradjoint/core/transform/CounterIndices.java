package org.paradjoint.core.transform;

import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Index expressions that tell iterations of a loop apart. */
final class CounterIndices {

    private CounterIndices() {
    }

    /**
     * True when {@code index} takes a different value in every iteration of the loop counting with
     * {@code counter}: {@code i}, {@code i + c}, {@code c + i} or {@code i - c}, with {@code c}
     * reading nothing in {@code modified} (what the loop body writes).
     */
    static boolean injectiveIn(Expr index, Variable counter, Set<Variable> modified) {
        if (index instanceof VarRef r) {
            return r.var().equals(counter);
        }
        if (index instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            Expr other = null;
            if (b.left() instanceof VarRef l && l.var().equals(counter)) {
                other = b.right();
            } else if (b.op() == Binary.Op.ADD && b.right() instanceof VarRef r && r.var().equals(counter)) {
                other = b.left();
            }
            if (other != null) {
                Set<Variable> vars = ExprUtil.variables(other);
                return !vars.contains(counter) && vars.stream().noneMatch(modified::contains);
            }
        }
        return false;
    }
}
