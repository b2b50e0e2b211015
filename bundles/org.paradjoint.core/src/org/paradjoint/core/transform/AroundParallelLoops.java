package org.paradjoint.core.transform;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop of a body, the variables that the statements on one side of it (before,
 * or after) contribute: the statements on that side in every enclosing block, and every enclosing
 * sequential loop as a whole (its other iterations run on both sides). The walk behind
 * {@link NeededBefore} and {@link ReadAfter}.
 */
final class AroundParallelLoops {

    private final boolean after;
    private final Function<Stmt, Set<Variable>> ofStatement;
    private final Function<For, Set<Variable>> ofLoop;
    private final Map<For, Set<Variable>> result = new IdentityHashMap<>();

    private AroundParallelLoops(boolean after, Function<Stmt, Set<Variable>> ofStatement,
            Function<For, Set<Variable>> ofLoop) {
        this.after = after;
        this.ofStatement = ofStatement;
        this.ofLoop = ofLoop;
    }

    /**
     * @param after       the statements after each loop (else those before it)
     * @param ofStatement what one statement on that side contributes
     * @param ofLoop      what an enclosing sequential loop contributes for its other iterations
     */
    static Map<For, Set<Variable>> of(Block body, boolean after, Function<Stmt, Set<Variable>> ofStatement,
            Function<For, Set<Variable>> ofLoop) {
        AroundParallelLoops a = new AroundParallelLoops(after, ofStatement, ofLoop);
        a.walk(body.stmts(), Set.of());
        return a.result;
    }

    private void walk(List<Stmt> stmts, Set<Variable> outside) {
        Set<Variable> side = new HashSet<>(outside);
        for (int n = 0; n < stmts.size(); n++) {
            Stmt s = stmts.get(after ? stmts.size() - 1 - n : n);
            switch (s) {
                case For f when f.isParallel() -> result.put(f, Set.copyOf(side));
                case For f -> {
                    Set<Variable> inner = new HashSet<>(side);
                    inner.addAll(ofLoop.apply(f));
                    walk(f.body().stmts(), inner);
                }
                default -> StmtUtil.branches(s).forEach(b -> walk(b.stmts(), side));
            }
            side.addAll(ofStatement.apply(s));
        }
    }
}
