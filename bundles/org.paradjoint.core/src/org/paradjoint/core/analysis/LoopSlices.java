package org.paradjoint.core.analysis;

import java.util.LinkedHashSet;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;

/** Which part of an array one execution of a parallel loop reaches. */
public final class LoopSlices {

    private LoopSlices() {
    }

    /**
     * Why per-thread copies of the adjoint of {@code array} would cost more than they save: an
     * index of {@code array} in {@code loop} uses a local the loop does not change (the counter of
     * an enclosing sequential loop, trmm's row {@code i}), so each execution of the loop reaches
     * only a slice of the array, while the copies would be allocated and summed whole each time.
     * Null when every index variable is changed by the loop, private to it, or a parameter.
     */
    public static String partialIndex(For loop, Variable array) {
        Set<Variable> written = StmtUtil.writes(loop);
        Set<Variable> used = new LinkedHashSet<>();
        StmtUtil.forEachExpr(loop.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof ArrayRef r && r.var().name().equals(array.name())) {
                r.indices().forEach(i -> used.addAll(ExprUtil.variables(i)));
            }
        }));
        for (Variable v : used) {
            if (!written.contains(v) && !v.isParameter() && (loop.omp() == null || !loop.omp().isPrivate(v))) {
                return "its increments are indexed by '" + v.name() + "', which the loop does not change, so each "
                        + "execution of the loop reaches a slice of it while copies of the whole array would be "
                        + "allocated and summed each time";
            }
        }
        return null;
    }
}
