package org.paradjoint.core.analysis;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * Flow-insensitive activity: the variables <em>varied</em> by the independents, as a fixpoint
 * over every assignment of the (inlined) body. A floating target becomes varied when its
 * right-hand side has a varied leaf in a differentiable position. Integer variables are never
 * varied. The active variables are the varied ones plus the dependents. A communication's buffers
 * count as one variable: when one is varied, all are (a value sent here is received elsewhere).
 */
public final class Activity {

    private final Set<Variable> varied;

    private Activity(Set<Variable> varied) {
        this.varied = varied;
    }

    public static Activity compute(Stmt body, Collection<Variable> independents) {
        Set<Variable> varied = new LinkedHashSet<>();
        for (Variable v : independents) {
            if (v.isFloating()) {
                varied.add(v);
            }
        }
        // communication buffers are varied together (Communication.floatingBuffers)
        java.util.Set<Variable> buffers = org.paradjoint.core.mpi.Communication.floatingBuffers(body);
        boolean changed = true;
        while (changed) {
            changed = false;
            if (buffers.stream().anyMatch(varied::contains) && !varied.containsAll(buffers)) {
                varied.addAll(buffers);
                changed = true;
            }
            for (Stmt s : assignments(body)) {
                LValue target;
                Expr rhs;
                if (s instanceof Assign a) {
                    target = a.target();
                    rhs = effectiveValue(a);
                } else {
                    Decl d = (Decl) s;
                    target = new org.paradjoint.core.ir.VarRef(d.var());
                    rhs = d.init();
                }
                Variable v = target.var();
                if (rhs == null || !v.isFloating() || varied.contains(v)) {
                    continue;
                }
                if (Partials.isActive(rhs, lv -> varied.contains(lv.var()))) {
                    varied.add(v);
                    changed = true;
                }
            }
        }
        return new Activity(varied);
    }

    private static java.util.List<Stmt> assignments(Stmt body) {
        java.util.List<Stmt> out = new java.util.ArrayList<>();
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign || s instanceof Decl d && d.init() != null) {
                out.add(s);
            }
        });
        return out;
    }

    /** The value an assignment stores: {@code v + e} for {@code v += e}, and so on. */
    public static Expr effectiveValue(Assign a) {
        return switch (a.op()) {
            case SET -> a.value();
            case ADD -> new Binary(Binary.Op.ADD, a.target(), a.value());
            case SUB -> new Binary(Binary.Op.SUB, a.target(), a.value());
            case MUL -> new Binary(Binary.Op.MUL, a.target(), a.value());
            case DIV -> new Binary(Binary.Op.DIV, a.target(), a.value());
        };
    }

    public boolean isVaried(Variable v) {
        return varied.contains(v);
    }

    public Set<Variable> varied() {
        return Set.copyOf(varied);
    }
}
