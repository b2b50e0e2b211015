package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;

/**
 * A reversed loop ({@code for (j = n - 1; j >= 0; j--)}, the adjoint of a loop over {@code j})
 * whose iterations are independent increments ({@link SimdSums#independentIncrements}: each of an
 * element of its own iteration, atomic or not, nothing read that the loop increments) runs upwards instead: the
 * order of its iterations changes nothing, and the compiler vectorises an ascending loop without
 * reversing its vectors (gemver's adjoint {@code Ab[i][j] += alpha x[j] wb[i]; xb[j] += alpha
 * A[i][j] wb[i]} took 8 % less time with 1 thread). Loops that pop the tape, reset, assign or read
 * what they increment keep their reversed order.
 */
final class AscendingIncrements {

    private AscendingIncrements() {
    }

    static Function apply(Function f) {
        return f.withBody(block(f.body()));
    }

    private static Block block(Block b) {
        return new Block(b.stmts().stream().map(AscendingIncrements::inside).toList(), b.range());
    }

    private static Stmt inside(Stmt s) {
        return switch (s) {
            case For f -> upwards(f.withBody(block(f.body())));
            case If i -> new If(i.cond(), block(i.then()), i.otherwise() == null ? null : block(i.otherwise()),
                    i.range());
            case Block b -> block(b);
            default -> s;
        };
    }

    /** {@code for (j = last; j >= first; j--)} as {@code for (j = first; j < last + 1; j++)}, when that is the same. */
    private static For upwards(For loop) {
        if (!Long.valueOf(-1).equals(loop.constantStep()) || loop.cmp() != Binary.Op.GE || loop.hint() != null
                || !SimdSums.independentIncrements(loop, List.of(), true)) {
            return loop;
        }
        return new For(loop.counter(), loop.bound(), Binary.Op.LT, Exprs.add(loop.lower(), new IntLit(1)),
                new IntLit(1), loop.body(), null, loop.pragmas(), loop.range());
    }
}
