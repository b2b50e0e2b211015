package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Last pass over a generated function, so that it compiles warning-free: drops locals and block
 * declarations nothing references (scope-aware), and marks the parameters the body never uses
 * ({@link Function#unusedParams()}: each printer silences them in its language).
 */
final class Cleanup {

    private Cleanup() {
    }

    static Function apply(Function f) {
        Block body = dropUnusedDecls(f.body());
        Set<String> used = new HashSet<>();
        references(body, new HashSet<>(), used);
        List<Variable> locals = new ArrayList<>();
        for (Variable v : f.locals()) {
            if (used.contains(v.name()) && !locals.contains(v)) {
                locals.add(v);
            }
        }
        for (Variable p : f.params()) {
            for (org.paradjoint.core.ir.Dim d : p.dims()) {
                for (Expr e : new Expr[] {d.lower(), d.extent()}) {
                    if (e != null) {
                        ExprUtil.variables(e).forEach(v -> used.add(v.name()));
                    }
                }
            }
        }
        List<String> unused = new ArrayList<>();
        for (Variable p : f.params()) {
            if (!used.contains(p.name())) {
                unused.add(p.name());
            }
        }
        return f.withLocalsAndBody(locals, body).withUnusedParams(unused);
    }

    /** Names referenced in {@code s} that are not shadowed by a declaration of an enclosing block. */
    static void references(Stmt s, Set<String> shadowed, Set<String> out) {
        if (s instanceof Block b) {
            Set<String> inner = new HashSet<>(shadowed);
            for (Stmt x : b.stmts()) {
                if (x instanceof Decl d) {
                    inner.add(d.var().name());
                }
            }
            for (Stmt x : b.stmts()) {
                references(x, inner, out);
            }
            return;
        }
        for (Expr e : StmtUtil.ownExprs(s)) {
            ExprUtil.forEach(e, x -> {
                if (x instanceof LValue lv && !shadowed.contains(lv.var().name())) {
                    out.add(lv.var().name());
                }
            });
        }
        switch (s) {
            case For f -> {
                if (!shadowed.contains(f.counter().name())) {
                    out.add(f.counter().name());
                }
                if (f.omp() != null) {
                    StmtUtil.ompVariables(f.omp()).stream().map(Variable::name).filter(n -> !shadowed.contains(n))
                            .forEach(out::add);
                }
                references(f.body(), shadowed, out);
            }
            case If i -> {
                references(i.then(), shadowed, out);
                if (i.otherwise() != null) {
                    references(i.otherwise(), shadowed, out);
                }
            }
            default -> {
            }
        }
    }

    private static Block dropUnusedDecls(Block b) {
        List<Stmt> stmts = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            stmts.add(switch (s) {
                case Block x -> dropUnusedDecls(x);
                case For f -> f.withBody(dropUnusedDecls(f.body()));
                case If i -> new If(i.cond(), dropUnusedDecls(i.then()),
                        i.otherwise() == null ? null : dropUnusedDecls(i.otherwise()), i.range());
                default -> s;
            });
        }
        List<Stmt> kept = new ArrayList<>();
        for (Stmt s : stmts) {
            if (s instanceof Decl d) {
                Set<String> used = new HashSet<>();
                for (Stmt x : stmts) {
                    if (x != s) {
                        references(x, new HashSet<>(), used);
                    }
                }
                if (!used.contains(d.var().name())) {
                    continue;
                }
            }
            kept.add(s);
        }
        return new Block(kept, b.range());
    }
}
