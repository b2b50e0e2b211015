package org.paradjoint.race.internal;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The pass over a parallel loop's body before {@link LoopExtractor}'s symbolic walk: which
 * scalars and arrays the body writes, which arrays are private to an iteration, how often each
 * scalar is defined, and whether the body holds something the analysis does not handle (a call
 * that may touch shared arrays, a return, a nested parallel loop), which it records as the
 * model's reason to give up.
 */
final class LoopPrepass {

    final Set<Variable> assignedScalars = new LinkedHashSet<>();
    final Set<Variable> writtenArrays = new LinkedHashSet<>();
    final Set<Variable> privateArrays = new LinkedHashSet<>();
    /** Definitions of each scalar: 1 per top-level definition, 1000 per nested one. */
    final Map<Variable, Integer> definitionCount = new HashMap<>();
    private final LoopModel m;

    LoopPrepass(LoopModel m) {
        this.m = m;
    }

    void scan(Stmt s, boolean topLevel) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> scan(x, topLevel));
            case Assign a -> {
                if (a.target() instanceof VarRef v) {
                    assignedScalars.add(v.var());
                    definitionCount.merge(v.var(), topLevel ? 1 : 1000, Integer::sum);
                } else {
                    writtenArrays.add(a.target().var());
                }
                checkExpr(a.value());
            }
            case Decl d -> {
                if (d.var().isArray()) {
                    privateArrays.add(d.var());
                } else {
                    assignedScalars.add(d.var());
                    definitionCount.merge(d.var(), topLevel ? 1 : 1000, Integer::sum);
                }
                if (d.init() != null) {
                    checkExpr(d.init());
                }
            }
            case If i -> {
                checkExpr(i.cond());
                scan(i.then(), false);
                if (i.otherwise() != null) {
                    scan(i.otherwise(), false);
                }
            }
            case For f -> {
                assignedScalars.add(f.counter());
                definitionCount.merge(f.counter(), 1000, Integer::sum);
                if (f.isParallel()) {
                    m.unsupported = "a nested parallel loop is not analysed";
                }
                scan(f.body(), false);
            }
            case CallStmt c -> m.unsupported = "the call of " + c.call().name()
                    + " inside the loop may touch shared arrays the analysis cannot see";
            case Return r -> m.unsupported = "a return inside the loop is not analysed";
        }
    }

    private void checkExpr(Expr e) {
        ExprWalk.forEach(e, x -> {
            if (x instanceof Call c) {
                for (Expr a : c.args()) {
                    if (a instanceof VarRef v && v.var().isArray()) {
                        m.unsupported = "the array " + v.var().name() + " is passed to " + c.name()
                                + ", which the analysis cannot see into";
                    }
                }
            }
        });
    }

    /** Adds the scalars (counters and declarations included) and the arrays that {@code s} writes. */
    static void scalarsAndArraysWritten(Stmt s, Set<Variable> scalars, Set<Variable> arrays) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> scalarsAndArraysWritten(x, scalars, arrays));
            case Assign a -> (a.target() instanceof VarRef ? scalars : arrays).add(a.target().var());
            case Decl d -> scalars.add(d.var());
            case If i -> {
                scalarsAndArraysWritten(i.then(), scalars, arrays);
                if (i.otherwise() != null) {
                    scalarsAndArraysWritten(i.otherwise(), scalars, arrays);
                }
            }
            case For f -> {
                scalars.add(f.counter());
                scalarsAndArraysWritten(f.body(), scalars, arrays);
            }
            default -> {
            }
        }
    }
}
