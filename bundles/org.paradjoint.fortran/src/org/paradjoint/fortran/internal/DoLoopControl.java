package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * The loop control of a {@code do} statement ({@code do i = lower, upper [, step]}) and the
 * checks that make a parsed Fortran do loop mean the same as the IR's counted loop: the counter
 * is a fresh integer scalar, the step a non-zero constant, the upper bound is not changed by the
 * body, and inner counters of a parallel loop are private. {@link ExecutionPart} handles the
 * block structure around it.
 */
record DoLoopControl(Variable counter, Expr lower, Expr upper, long step) {

    /**
     * Reads the control after {@code do} (the cursor stands after the keyword, the line is not
     * a labelled do); {@code enclosing} are the counters of the enclosing do loops.
     */
    static DoLoopControl parse(Cursor c, Scope scope, ExprParser exprs, Collection<Variable> enclosing) {
        c.accept(",");
        if (c.atEnd()) {
            throw c.error("unsupported-do.do-without-loop");
        }
        if (c.peekName("while") && c.peek(1) != null && c.peek(1).isOp("(")) {
            throw c.error("unsupported-do-while.fortran");
        }
        if (c.peekName("concurrent") && c.peek(1) != null && c.peek(1).isOp("(")) {
            throw c.error("unsupported-do.do-concurrent-supported");
        }
        Token name = c.expectName("the do variable");
        Variable counter = counter(c, name, scope, enclosing);
        c.expect("=", "'=' after the do variable");
        Expr lower = integer(c, exprs, "the lower bound");
        c.expect(",", "',' between the bounds of the do loop");
        Expr upper = integer(c, exprs, "the upper bound");
        long step = 1;
        if (c.accept(",")) {
            int s = c.nextStart();
            Expr e = ConstFold.fold(exprs.parse(c));
            if (!(e instanceof IntLit k) || k.value() == 0) {
                throw c.between(s, c.prevEnd(), "unsupported-do-step");
            }
            step = k.value();
        }
        c.expectEnd("the do statement");
        return new DoLoopControl(counter, lower, upper, step);
    }

    private static Variable counter(Cursor c, Token name, Scope scope, Collection<Variable> enclosing) {
        Scope.Symbol s = scope.lookup(name.text());
        if (!(s instanceof Scope.Var v) || !v.variable().isScalar() || !v.variable().type().isInteger() || v.logical()) {
            throw c.at(name, s == null ? "unsupported-do-counter.undeclared" : "unsupported-do-counter.integer-scalar",
                    "variable", name.text());
        }
        if (v.intent() == Scope.Intent.IN) {
            throw c.at(name, "intent-in-assigned.do-variable-intent", "text", name.text());
        }
        if (enclosing.contains(v.variable())) {
            throw c.at(name, "unsupported-do-counter.already-variable-enclosing", "text", name.text());
        }
        return v.variable();
    }

    private static Expr integer(Cursor c, ExprParser exprs, String what) {
        int s = c.nextStart();
        Expr e = exprs.parse(c);
        if (exprs.typeOf(e) != TypeClass.INT) {
            throw c.between(s, c.prevEnd(), "unsupported-do.do-loop-integer", "what", what);
        }
        return e;
    }

    /** Sequential loop variables inside a parallel loop are private in Fortran OpenMP: say so in the clauses. */
    static OmpParallelFor withInnerCounters(OmpParallelFor omp, List<Stmt> body, Variable counter, LogicalLine l,
            Reporter reporter) {
        Set<Variable> inner = new LinkedHashSet<>();
        for (Stmt s : body) {
            StmtUtil.forEach(s, x -> {
                if (x instanceof For f) {
                    inner.add(f.counter());
                }
            });
        }
        List<Variable> privates = new ArrayList<>(omp.privates());
        for (Variable v : inner) {
            if (v.equals(counter) || privates.contains(v) || omp.firstprivates().contains(v)) {
                continue;
            }
            if (omp.shared().contains(v)) {
                reporter.error("unsupported-omp-clause.counts-inner-loop", l.start(), l.end(), "counter", v.name());
                continue;
            }
            privates.add(v);
        }
        return omp.withPrivates(privates);
    }

    /** Fortran fixes the trip count when a loop starts; the IR re-reads the bound: the body must not change it. */
    static void checkBounds(For f, LogicalLine l, Reporter reporter) {
        Set<Variable> written = StmtUtil.writes(f.body());
        for (Variable v : ExprUtil.variables(f.bound())) {
            if (written.contains(v)) {
                reporter.error("do-bound-modified", l.start(), l.end(), "assigns", v.name());
            }
        }
    }
}
