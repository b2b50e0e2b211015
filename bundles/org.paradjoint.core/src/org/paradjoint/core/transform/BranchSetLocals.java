package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.analysis.Initialization;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Locals of a generated adjoint that a branch may leave unset before they are read, set to 0 when
 * the function starts. The forward sweep sets a value in one branch of an {@code if} (an inlined
 * helper's result in the {@code else} of the primal) and the reverse sweep reads it in the same
 * branch of the same test: the value is always set where it is read, but gcc cannot see that the
 * two tests agree (their operands could have changed in between, for all it knows) and
 * {@code -Wmaybe-uninitialized} fails a build with {@code -Werror}. The zero is never read.
 */
final class BranchSetLocals {

    private BranchSetLocals() {
    }

    static Function apply(Function f) {
        Set<Variable> unset = Initialization.maybeReadUnsetByBranches(f.body(), f.params());
        List<Stmt> zeros = new ArrayList<>();
        for (Variable v : f.locals()) {
            if (unset.contains(v) && v.isScalar() && (v.isFloating() || v.type().isInteger())) {
                zeros.add(Assign.set(new VarRef(v), Exprs.zero(v.isFloating())));
            }
        }
        if (zeros.isEmpty()) {
            return f;
        }
        zeros.addAll(f.body().stmts());
        return f.withBody(new Block(zeros, f.body().range()));
    }
}
