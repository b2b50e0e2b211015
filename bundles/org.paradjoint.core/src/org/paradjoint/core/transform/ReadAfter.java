package org.paradjoint.core.transform;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop, the variables that the statements running <em>after</em> it in the
 * forward sweep read: those that follow it in every enclosing block, and the whole of every
 * enclosing sequential loop (its later iterations run after it too). A parallel loop none of
 * whose results is read there need not run in the forward sweep at all: its adjoint iterations
 * recompute what they need from the values the loop found, which are then still in place.
 */
final class ReadAfter {

    private final Map<For, Set<Variable>> result = new IdentityHashMap<>();

    private ReadAfter() {
    }

    static Map<For, Set<Variable>> of(Block body) {
        ReadAfter r = new ReadAfter();
        r.walk(body.stmts(), Set.of());
        return r.result;
    }

    private void walk(List<Stmt> stmts, Set<Variable> after) {
        Set<Variable> later = new HashSet<>(after);
        for (int k = stmts.size() - 1; k >= 0; k--) {
            Stmt s = stmts.get(k);
            switch (s) {
                case For f when f.isParallel() -> result.put(f, Set.copyOf(later));
                case For f -> {
                    Set<Variable> inner = new HashSet<>(later);
                    inner.addAll(StmtUtil.reads(f));
                    walk(f.body().stmts(), inner);
                }
                case If i -> {
                    walk(i.then().stmts(), later);
                    if (i.otherwise() != null) {
                        walk(i.otherwise().stmts(), later);
                    }
                }
                case Block b -> walk(b.stmts(), later);
                default -> {
                }
            }
            later.addAll(StmtUtil.reads(s));
        }
    }
}
