package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;

/**
 * Reads the shape of a stencil nest: a perfect nest of counting loops with step +1 or -1 and
 * bounds affine in loop-invariant integer variables, at most one of them an OpenMP parallel
 * loop (without reductions), around a body of assignments.
 */
final class NestReader {

    /** The loops, the parallel one, and the body's assignments. */
    record Shape(List<LoopLevel> levels, int ompLevel, OmpParallelFor omp, List<Assign> body) {
    }

    private NestReader() {
    }

    static Shape read(For nest, MessageSpelling spell, Diagnostics diags) {
        List<For> loops = new ArrayList<>();
        For f = nest;
        List<Stmt> inner;
        while (true) {
            loops.add(f);
            inner = StmtUtil.flatten(f.body().stmts());
            if (inner.size() == 1 && inner.get(0) instanceof For next) {
                f = next;
            } else {
                break;
            }
        }
        List<Assign> body = new ArrayList<>();
        for (Stmt s : inner) {
            if (s instanceof Assign a) {
                body.add(a);
            } else {
                diags.add(notPerfect(s, spell));
            }
        }
        Set<Variable> counters = new LinkedHashSet<>();
        loops.forEach(l -> counters.add(l.counter()));
        Set<Variable> bodyScalars = new LinkedHashSet<>();
        for (Assign a : body) {
            if (a.target() instanceof VarRef r) {
                bodyScalars.add(r.var());
            }
        }
        int ompLevel = -1;
        OmpParallelFor omp = null;
        List<LoopLevel> levels = new ArrayList<>();
        for (int k = 0; k < loops.size(); k++) {
            For loop = loops.get(k);
            if (loop.omp() != null) {
                if (omp != null) {
                    diags.error("stencil-openmp.nested-parallel-loops", loop.range(), "parallelLoop",
                            spell.parallelLoop());
                }
                if (!loop.omp().reductions().isEmpty()) {
                    diags.error("stencil-openmp.reduction-clause-on", loop.omp().range());
                }
                ompLevel = k;
                omp = loop.omp();
            }
            LoopLevel level = level(loop, counters, bodyScalars, spell, diags);
            if (level != null) {
                levels.add(level);
            }
        }
        return diags.hasErrors() ? null : new Shape(levels, ompLevel, omp, body);
    }

    private static Diagnostic notPerfect(Stmt s, MessageSpelling spell) {
        return switch (s) {
            case For f -> Diagnostic.error("stencil-not-perfect.shared-body", s.range(), "counter", f.counter().name());
            case If i -> Diagnostic.error("stencil-not-perfect.branch", s.range(), "conditional",
                    spell.conditionalExpression());
            default -> Diagnostic.error("stencil-not-perfect.statement", s.range());
        };
    }

    private static LoopLevel level(For loop, Set<Variable> counters, Set<Variable> bodyScalars, MessageSpelling spell,
            Diagnostics diags) {
        Long step = loop.constantStep();
        String header = "the loop over '" + loop.counter().name() + "'";
        if (step == null || Math.abs(step) != 1) {
            diags.error("stencil-loop-step", range(loop.step(), loop), "header", header, "expr",
                    spell.expr(loop.step()));
            return null;
        }
        boolean up = step == 1;
        Binary.Op cmp = loop.cmp();
        if (up ? cmp != Binary.Op.LT && cmp != Binary.Op.LE : cmp != Binary.Op.GT && cmp != Binary.Op.GE) {
            diags.error("stencil-loop-condition", range(loop.bound(), loop), "header", header, "operator",
                    spell.operator(cmp), "counting", (up ? "up" : "down"), "test", (up ? "< or <=" : "> or >="));
            return null;
        }
        Affine lower = bound(loop.lower(), loop, counters, bodyScalars, spell, diags);
        Affine bound = bound(loop.bound(), loop, counters, bodyScalars, spell, diags);
        if (lower == null || bound == null) {
            return null;
        }
        Affine last = switch (cmp) {
            case LT -> bound.plus(-1);
            case GT -> bound.plus(1);
            default -> bound;
        };
        return up ? new LoopLevel(loop.counter(), lower, last, loop) : new LoopLevel(loop.counter(), last, lower, loop);
    }

    private static Affine bound(Expr e, For loop, Set<Variable> counters, Set<Variable> bodyScalars,
            MessageSpelling spell, Diagnostics diags) {
        Affine a = Affine.parse(e, v -> !counters.contains(v) && !bodyScalars.contains(v));
        if (a != null) {
            return a;
        }
        Variable counter = ExprUtil.variables(e).stream().filter(counters::contains).findFirst().orElse(null);
        String what = "bound '" + spell.expr(e) + "' of the loop over '" + loop.counter().name() + "'";
        if (counter != null) {
            diags.error("stencil-nonaffine-bound.counter", range(e, loop), "bound", what, "counter", counter.name());
        } else {
            diags.error("stencil-nonaffine-bound", range(e, loop), "bound", what);
        }
        return null;
    }

    private static SourceRange range(Expr e, For loop) {
        return e.range().isKnown() ? e.range() : loop.range();
    }
}
