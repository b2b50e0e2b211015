package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Flow-insensitive activity over a whole function, deliberately generous: a floating variable
 * is varied when any assignment to it mentions a varied variable anywhere on its right-hand
 * side (or in its own compound update); the active variables are the varied ones and the
 * dependents. Over-approximating is the safe direction for the race analysis: an extra active
 * array only adds adjoint references, never removes one.
 */
public final class Activity {

    private Activity() {
    }

    /** Names of the independents and dependents of every {@code gradient} pragma of {@code f}. */
    public static List<List<String>> gradientVariables(Function f) {
        Set<String> deps = new LinkedHashSet<>();
        Set<String> indeps = new LinkedHashSet<>();
        for (AdPragma p : f.pragmas()) {
            if (p instanceof AdPragma.Gradient g) {
                deps.addAll(g.dependents());
                indeps.addAll(g.independents());
            }
        }
        return List.of(List.copyOf(deps), List.copyOf(indeps));
    }

    public static Set<Variable> active(Function f, List<String> dependents, List<String> independents) {
        Set<Variable> varied = new LinkedHashSet<>();
        for (String n : independents) {
            f.lookup(n).filter(Variable::isFloating).ifPresent(varied::add);
        }
        List<Stmt> assigns = new ArrayList<>();
        collect(f.body(), assigns);
        boolean changed = !varied.isEmpty();
        while (changed) {
            changed = false;
            for (Stmt s : assigns) {
                Variable target;
                boolean mentions;
                if (s instanceof Assign a) {
                    target = a.target().var();
                    mentions = mentions(a.value(), varied)
                            || a.op() != Assign.Op.SET && varied.contains(target);
                } else {
                    Decl d = (Decl) s;
                    target = d.var();
                    mentions = d.init() != null && mentions(d.init(), varied);
                }
                if (target.isFloating() && mentions && varied.add(target)) {
                    changed = true;
                }
            }
        }
        Set<Variable> active = new LinkedHashSet<>(varied);
        for (String n : dependents) {
            f.lookup(n).filter(Variable::isFloating).ifPresent(active::add);
        }
        return active;
    }

    private static void collect(Stmt s, List<Stmt> out) {
        switch (s) {
            case Assign a -> out.add(a);
            case Decl d -> out.add(d);
            case Block b -> b.stmts().forEach(x -> collect(x, out));
            case If i -> {
                collect(i.then(), out);
                if (i.otherwise() != null) {
                    collect(i.otherwise(), out);
                }
            }
            case For f -> collect(f.body(), out);
            default -> {
            }
        }
    }

    private static boolean mentions(Expr e, Set<Variable> vars) {
        boolean[] found = {false};
        ExprWalk.forEach(e, x -> {
            if (x instanceof org.paradjoint.core.ir.LValue lv && vars.contains(lv.var())) {
                found[0] = true;
            }
        });
        return found[0];
    }
}
