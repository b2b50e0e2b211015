package org.paradjoint.core.transform;

import java.util.Optional;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * A {@code firstprivate} scalar that an iteration may read before it writes it, and that the loop
 * writes somewhere: each thread's copy then carries a value from one of its iterations to the
 * next ({@code p = p + 1}), so what an iteration sees depends on which iterations ran before it
 * on the same thread. An adjoint iteration that recomputes the iteration from the loop's entry
 * values would see the entry value instead, so the reverse mode refuses such loops.
 */
final class FirstprivateCarry {

    private FirstprivateCarry() {
    }

    /**
     * The first statement of {@code body} that writes {@code v}, when {@code v} carries between
     * iterations; empty when every iteration writes {@code v} before reading it, or never writes it.
     */
    static Optional<Stmt> carriedWrite(Block body, Variable v) {
        if (!StmtUtil.writes(body).contains(v)) {
            return Optional.empty();
        }
        return StmtUtil.readsBeforeWriting(body, v) ? firstWrite(body, v) : Optional.empty();
    }

    /** The first assignment to {@code v}, where the error points; a loop counter named {@code v} otherwise. */
    private static Optional<Stmt> firstWrite(Block body, Variable v) {
        Stmt[] found = new Stmt[1];
        StmtUtil.forEach(body, s -> {
            if (found[0] == null && (s instanceof Assign a && a.target().var().equals(v)
                    || s instanceof For f && f.counter().equals(v))) {
                found[0] = s;
            }
        });
        return Optional.of(found[0] != null ? found[0] : body);
    }
}
