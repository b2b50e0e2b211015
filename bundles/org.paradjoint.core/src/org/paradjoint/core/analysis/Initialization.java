package org.paradjoint.core.analysis;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Which scalar variables may be read before any value was assigned to them (in program order,
 * with loops whose body may not run and branches that may not be taken). Parameters and
 * arrays count as initialised; private variables of a parallel loop are uninitialised at the
 * start of each iteration, reduction variables initialised.
 */
public final class Initialization {

    private final Set<Variable> maybeUninitialized = new LinkedHashSet<>();
    /** Whether a sequential loop's body counts as run (only a branch not taken leaves a variable unset). */
    private final boolean loopsRun;

    private Initialization(boolean loopsRun) {
        this.loopsRun = loopsRun;
    }

    public static Set<Variable> maybeReadUninitialized(Stmt body, Collection<Variable> initialized) {
        Initialization a = new Initialization(false);
        a.walk(body, new HashSet<>(initialized));
        return a.maybeUninitialized;
    }

    /**
     * As {@link #maybeReadUninitialized}, but a sequential loop's body counts as run, and what a
     * parallel loop assigns to shared variables too: the variables that a branch not taken may
     * leave unset before they are read.
     */
    public static Set<Variable> maybeReadUnsetByBranches(Stmt body, Collection<Variable> initialized) {
        Initialization a = new Initialization(true);
        a.walk(body, new HashSet<>(initialized));
        return a.maybeUninitialized;
    }

    private void read(Collection<Variable> vars, Set<Variable> defined) {
        for (Variable v : vars) {
            if (v.isScalar() && !defined.contains(v)) {
                maybeUninitialized.add(v);
            }
        }
    }

    private void walk(Stmt s, Set<Variable> defined) {
        switch (s) {
            case Assign a -> {
                read(ExprUtil.variables(a.value()), defined);
                read(ExprUtil.indexVariables(a.target()), defined);
                if (a.op() != Assign.Op.SET) {
                    read(Set.of(a.target().var()), defined);
                }
                defined.add(a.target().var());
            }
            case Decl d -> {
                if (d.init() != null) {
                    read(ExprUtil.variables(d.init()), defined);
                    defined.add(d.var());
                } else {
                    defined.remove(d.var());
                }
            }
            case Block b -> b.stmts().forEach(x -> walk(x, defined));
            case If i -> {
                read(ExprUtil.variables(i.cond()), defined);
                Set<Variable> a = new HashSet<>(defined);
                walk(i.then(), a);
                Set<Variable> b = new HashSet<>(defined);
                if (i.otherwise() != null) {
                    walk(i.otherwise(), b);
                }
                a.retainAll(b);
                defined.addAll(a);
            }
            case For f -> {
                read(ExprUtil.variables(f.lower()), defined);
                Set<Variable> inner = new HashSet<>(defined);
                inner.add(f.counter());
                if (f.omp() != null) {
                    inner.removeAll(f.omp().privates());
                    inner.add(f.counter());
                    inner.addAll(f.omp().reductionVariables());
                }
                read(ExprUtil.variables(f.bound()), inner);
                walk(f.body(), inner);
                if (loopsRun) {
                    if (f.omp() != null) {
                        inner.removeAll(f.omp().privates());
                    }
                    defined.addAll(inner);
                }
                defined.add(f.counter());
            }
            default -> {
            }
        }
    }
}
