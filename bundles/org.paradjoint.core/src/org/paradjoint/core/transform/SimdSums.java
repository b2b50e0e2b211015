package org.paradjoint.core.transform;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Whether a loop whose invariant increments became private sums ({@link InvariantIncrements}) may
 * be marked {@code omp simd reduction(+: sums)}: without it the compiler keeps a floating-point
 * sum in order and does not vectorise the loop (gemm's adjoint {@code pa_sum += alpha * B[k][j] *
 * Cb[i][j]} ran three times slower than the same dot product under {@code omp simd}). That is
 * right when the iterations are independent but for the sums: the body is plain (not atomic)
 * increments only, each either of a sum or of an array element with one index exactly the loop's
 * counter (distinct iterations, distinct elements), and no value or index reads what the loop
 * increments. The sums are then reassociated, as every per-thread accumulation already is.
 * C loops only (Fortran and Kokkos Views are left as they are).
 */
final class SimdSums {

    private SimdSums() {
    }

    /** {@code loop} marked {@code omp simd} with {@code sums} as reductions when that is legal; else {@code loop}. */
    static For marked(For loop, List<Variable> sums) {
        if (sums.isEmpty() || loop.hint() != null) {
            return loop;
        }
        return independentIncrements(loop, sums, false) ? loop.withHint(new LoopHint.Simd(sums)) : loop;
    }

    /**
     * True when sequential C loop {@code loop}'s iterations are independent but for {@code sums}:
     * its body is increments only (plain ones, or atomic ones too with {@code atomics}), each of a
     * sum or of an array element with one index exactly the loop's counter, and no value or index
     * reads what the loop increments.
     */
    static boolean independentIncrements(For loop, List<Variable> sums, boolean atomics) {
        if (loop.isParallel() || loop.counter().layout() == Layout.COLUMN_MAJOR || loop.body().stmts().isEmpty()) {
            return false;
        }
        Set<Variable> incremented = new HashSet<>();
        for (Stmt s : loop.body().stmts()) {
            if (!(s instanceof Assign a) || a.atomic() && !atomics || a.op() != Assign.Op.ADD && a.op() != Assign.Op.SUB
                    || !ownLane(a.target(), loop.counter(), sums)) {
                return false;
            }
            incremented.add(a.target().var());
        }
        boolean[] dependent = {false};
        for (Stmt s : loop.body().stmts()) {
            Assign a = (Assign) s;
            Set<Variable> read = new HashSet<>(ExprUtil.variables(a.value()));
            read.addAll(ExprUtil.indexVariables(a.target()));
            dependent[0] |= read.stream().anyMatch(incremented::contains);
        }
        StmtUtil.forEachExpr(loop.body(), e -> ExprUtil.forEach(e, x -> dependent[0] |= x instanceof LValue lv
                && lv.var().hasRuntimeShape()));
        return !dependent[0];
    }

    /** A sum, or an array element one of whose indices is exactly {@code counter}. */
    private static boolean ownLane(LValue target, Variable counter, List<Variable> sums) {
        if (target instanceof VarRef r) {
            return sums.contains(r.var());
        }
        return target instanceof ArrayRef r && r.indices().stream()
                .anyMatch(i -> i instanceof VarRef v && v.var().equals(counter));
    }
}
