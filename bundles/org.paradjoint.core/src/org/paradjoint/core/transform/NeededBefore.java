package org.paradjoint.core.transform;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.analysis.ToBeRecorded;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop, the variables whose values the adjoints of the statements that run
 * <em>before</em> it need: the statements that precede it in every enclosing block, and the
 * whole body of every enclosing sequential loop (its other iterations run before it too). The
 * adjoint of a parallel loop runs before those adjoints, so an array the loop overwrites that is
 * needed there must be restored first.
 */
final class NeededBefore {

    private final Predicate<Variable> active;
    private final Map<For, Set<Variable>> result = new IdentityHashMap<>();

    private NeededBefore(Predicate<Variable> active) {
        this.active = active;
    }

    static Map<For, Set<Variable>> of(Block body, Predicate<Variable> active) {
        NeededBefore n = new NeededBefore(active);
        n.walk(body.stmts(), Set.of());
        return n.result;
    }

    private void walk(List<Stmt> stmts, Set<Variable> before) {
        Set<Variable> sofar = new HashSet<>(before);
        for (Stmt s : stmts) {
            switch (s) {
                case For f when f.isParallel() -> result.put(f, Set.copyOf(sofar));
                case For f -> {
                    Set<Variable> inner = new HashSet<>(sofar);
                    inner.addAll(ToBeRecorded.needed(f.body(), active));
                    walk(f.body().stmts(), inner);
                }
                case If i -> {
                    walk(i.then().stmts(), sofar);
                    if (i.otherwise() != null) {
                        walk(i.otherwise().stmts(), sofar);
                    }
                }
                case Block b -> walk(b.stmts(), sofar);
                default -> {
                }
            }
            sofar.addAll(ToBeRecorded.needed(s, active));
        }
    }
}
