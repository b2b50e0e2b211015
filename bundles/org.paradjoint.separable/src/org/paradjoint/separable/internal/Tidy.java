package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Makes a generated body compile warning-free under {@code -Wall -Wextra}: assignments to local
 * scalars whose value nothing reads are dropped (a sweep keeps only the primal values it needs,
 * and gcc would report them as set but unused), locals nothing mentions are not declared, and
 * unused parameters are cast to void.
 */
final class Tidy {

    private Tidy() {
    }

    /**
     * Drops, to a fixpoint, assignments to variables of {@code removable} (local scalars, or
     * arrays such as derivative vectors) that are read only by their own updates, and the loops
     * over {@code emptied} that this leaves empty.
     */
    static List<Stmt> dropDeadStores(List<Stmt> body, Set<Variable> removable, Variable emptied) {
        List<Stmt> cur = body;
        while (true) {
            Set<Variable> read = readsElsewhere(cur);
            Set<Variable> dead = new HashSet<>();
            for (Variable v : removable) {
                if (!read.contains(v)) {
                    dead.add(v);
                }
            }
            List<Stmt> next = without(cur, dead, emptied);
            if (count(next) == count(cur)) {
                return cur;
            }
            cur = next;
        }
    }

    private static int count(List<Stmt> stmts) {
        int[] n = {0};
        stmts.forEach(s -> StmtUtil.forEach(s, x -> n[0]++));
        return n[0];
    }

    /** Variables read by some statement other than an assignment to themselves. */
    private static Set<Variable> readsElsewhere(List<Stmt> body) {
        Set<Variable> out = new HashSet<>();
        for (Stmt s : body) {
            StmtUtil.forEach(s, x -> {
                if (x instanceof Assign a) {
                    Variable t = a.target().var();
                    ExprUtil.indexVariables(a.target()).forEach(out::add);
                    for (Variable v : ExprUtil.variables(a.value())) {
                        if (!v.equals(t)) {
                            out.add(v);
                        }
                    }
                } else {
                    StmtUtil.ownExprs(x).forEach(e -> out.addAll(ExprUtil.variables(e)));
                    if (x instanceof For f) {
                        out.add(f.counter());
                    }
                }
            });
        }
        return out;
    }

    private static List<Stmt> without(List<Stmt> stmts, Set<Variable> dead, Variable emptied) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Assign a when dead.contains(a.target().var()) -> {
                }
                case For f -> {
                    List<Stmt> body = without(f.body().stmts(), dead, emptied);
                    if (!body.isEmpty() || !f.counter().equals(emptied)) {
                        out.add(f.withBody(new Block(body, f.body().range())));
                    }
                }
                case If i -> out.add(new If(i.cond(), new Block(without(i.then().stmts(), dead, emptied)),
                        i.otherwise() == null ? null : new Block(without(i.otherwise().stmts(), dead, emptied)),
                        i.range()));
                case Block b -> out.add(new Block(without(b.stmts(), dead, emptied), b.range()));
                default -> out.add(s);
            }
        }
        return out;
    }

    /** The locals that the body mentions (the others would be unused-variable warnings), in order. */
    static List<Variable> usedLocals(List<Variable> locals, List<Stmt> body) {
        Set<Variable> mentioned = new HashSet<>();
        body.forEach(s -> mentioned.addAll(StmtUtil.mentioned(s)));
        // extents of variable-length arrays count as uses
        for (Variable v : locals) {
            if (mentioned.contains(v)) {
                v.dims().forEach(d -> {
                    if (d.extent() != null) {
                        mentioned.addAll(ExprUtil.variables(d.extent()));
                    }
                });
            }
        }
        return locals.stream().filter(mentioned::contains).distinct().toList();
    }

    /** The names of the parameters the body does not mention ({@link Function#unusedParams()}: the printers silence them). */
    static Set<String> unusedParams(List<Variable> params, List<Stmt> body) {
        Set<Variable> mentioned = new HashSet<>();
        body.forEach(s -> mentioned.addAll(StmtUtil.mentioned(s)));
        return params.stream().filter(p -> !mentioned.contains(p)).map(Variable::name)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
