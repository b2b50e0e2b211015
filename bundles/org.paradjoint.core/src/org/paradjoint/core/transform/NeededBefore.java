package org.paradjoint.core.transform;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.paradjoint.core.analysis.ToBeRecorded;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop, the variables whose values the adjoints of the statements that run
 * <em>before</em> it need: the statements that precede it in every enclosing block, and the
 * whole body of every enclosing sequential loop (its other iterations run before it too). The
 * adjoint of a parallel loop runs before those adjoints, so an array the loop overwrites that is
 * needed there must be restored first. Each statement is analysed as {@code analysed} shows it
 * (with the branch directions a loop records read back, {@link BranchRecords#viewed}).
 */
final class NeededBefore {

    private NeededBefore() {
    }

    static Map<For, Set<Variable>> of(Block body, Predicate<Variable> active, UnaryOperator<Stmt> analysed) {
        return AroundParallelLoops.of(body, false, s -> ToBeRecorded.needed(analysed.apply(s), active),
                f -> ToBeRecorded.needed(analysed.apply(f.body()), active));
    }
}
