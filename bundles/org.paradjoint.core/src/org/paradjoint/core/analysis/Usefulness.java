package org.paradjoint.core.analysis;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * Flow-insensitive backward activity: the variables that are <em>useful</em>, i.e. whose value
 * may reach a dependent through differentiable operations. Starting from the dependents, the
 * varied leaves in differentiable positions of every assignment to a useful variable are
 * useful, to a fixpoint. A variable that is varied but not useful (say a local read only in a
 * condition) has a derivative that no dependent ever sees: neither mode computes it, so no
 * derivative is set without being read.
 */
public final class Usefulness {

    private Usefulness() {
    }

    public static Set<Variable> compute(Stmt body, Collection<Variable> dependents, Predicate<Variable> varied) {
        Set<Variable> useful = new LinkedHashSet<>(dependents);
        List<Stmt> assignments = assignments(body);
        Predicate<LValue> variedLeaf = lv -> varied.test(lv.var());
        // communication buffers are useful together (Communication.floatingBuffers)
        Set<Variable> buffers = org.paradjoint.core.mpi.Communication.floatingBuffers(body);
        boolean changed = true;
        while (changed) {
            changed = false;
            if (buffers.stream().anyMatch(useful::contains) && !useful.containsAll(buffers)) {
                useful.addAll(buffers);
                changed = true;
            }
            for (Stmt s : assignments) {
                LValue target = s instanceof Assign a ? a.target() : new VarRef(((Decl) s).var());
                if (!useful.contains(target.var())) {
                    continue;
                }
                Expr value = s instanceof Assign a ? Activity.effectiveValue(a) : ((Decl) s).init();
                for (LValue leaf : Partials.of(value, variedLeaf).keySet()) {
                    changed |= useful.add(leaf.var());
                }
            }
        }
        return useful;
    }

    private static List<Stmt> assignments(Stmt body) {
        List<Stmt> out = new java.util.ArrayList<>();
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign || s instanceof Decl d && d.init() != null) {
                out.add(s);
            }
        });
        return out;
    }
}
