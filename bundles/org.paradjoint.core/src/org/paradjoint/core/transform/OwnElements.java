package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;

/**
 * What can be seen without any prover about a parallel loop writing an array: whether every
 * iteration reads that array only at elements it writes itself. Then no other iteration
 * increments the adjoint of an element this one overwrites (increments come from reads), and the
 * adjoint may read and reset it plainly even when nothing is known about the primal loop. That
 * holds when the loop does not read the array, or when every read of it is, structurally, one of
 * the loop's writes to it, and every
 * write's index is injective in the loop counter in some position ({@code i}, {@code i + c},
 * {@code c + i}, {@code i - c}, {@code c} unmodified in the loop): compact stencils
 * {@code unew[i - 8] = unew[i - 8] + ...} pass, Floyd-Warshall's {@code path[k][j]} read beside
 * {@code path[i][j]} written does not.
 */
final class OwnElements {

    private OwnElements() {
    }

    static boolean readOnlyWhereWritten(For loop, Variable array) {
        For in = ParallelLoops.innermost(loop);
        Set<Variable> modified = StmtUtil.writes(in.body());
        List<ArrayRef> writes = new ArrayList<>();
        List<ArrayRef> reads = new ArrayList<>();
        StmtUtil.forEach(in.body(), s -> {
            if (s instanceof Assign a) {
                if (a.target() instanceof ArrayRef w && w.var().equals(array)) {
                    writes.add(w);
                }
                if (a.target() instanceof ArrayRef t) {
                    t.indices().forEach(e -> collect(e, array, reads));
                }
                if (a.op() != Assign.Op.SET) {
                    collect(a.target(), array, reads); // y[e] *= v reads y[e]
                }
                collect(a.value(), array, reads);
            } else {
                StmtUtil.ownExprs(s).forEach(e -> collect(e, array, reads));
            }
        });
        if (reads.isEmpty()) {
            return true; // nothing in the loop increments the adjoint of this array
        }
        for (ArrayRef w : writes) {
            if (w.indices().stream().noneMatch(e -> CounterIndices.injectiveIn(e, loop.counter(), modified))) {
                return false;
            }
        }
        return reads.stream().allMatch(writes::contains);
    }

    private static void collect(Expr e, Variable array, List<ArrayRef> out) {
        ExprUtil.nodes(e, ArrayRef.class).stream().filter(r -> r.var().equals(array)).forEach(out::add);
    }
}
