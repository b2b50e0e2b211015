package org.paradjoint.core.transform;

import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;

/**
 * For each parallel loop, the variables that the statements running <em>after</em> it in the
 * forward sweep read: those that follow it in every enclosing block, and the whole of every
 * enclosing sequential loop (its later iterations run after it too). A parallel loop none of
 * whose results is read there need not run in the forward sweep at all: its adjoint iterations
 * recompute what they need from the values the loop found, which are then still in place.
 */
final class ReadAfter {

    private ReadAfter() {
    }

    static Map<For, Set<Variable>> of(Block body) {
        return AroundParallelLoops.of(body, true, StmtUtil::reads, StmtUtil::reads);
    }
}
