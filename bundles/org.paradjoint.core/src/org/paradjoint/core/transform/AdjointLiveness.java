package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Removes the primal computations of an adjoint that nothing after them reads (Tapenade's
 * "adjoint liveness"): {@code f_b} promises derivatives, not the primal's outputs, so a forward
 * sweep that only recomputes an output the reverse sweep never reads (green_gauss's {@code grad})
 * is pure cost, and for a parallel loop also a fork and join per execution.
 *
 * <p>A backward liveness analysis over the structured IR. At exit only the derivative parameters
 * are live. An array is one variable: writing an element keeps the array live and kills nothing.
 * Kept regardless of liveness: calls as statements, and assignments or conditions that call the
 * runtime (calls of kind {@link org.paradjoint.core.ir.CalleeKind#RUNTIME}: the tape), whose
 * effect is the call itself. Loops iterate to a
 * fixpoint; a loop whose body empties, and whose counter nothing reads afterwards, goes.
 */
final class AdjointLiveness {

    private AdjointLiveness() {
    }

    /** {@code f} without the statements whose results no later statement and no live output reads. */
    static Function prune(Function f, Set<Variable> liveAtExit) {
        Set<Variable> live = new HashSet<>(liveAtExit);
        return f.withBody(new Block(list(f.body().stmts(), live), f.body().range()));
    }

    /** Prunes {@code stmts} given what is live after them; leaves in {@code live} what is live before. */
    private static List<Stmt> list(List<Stmt> stmts, Set<Variable> live) {
        List<Stmt> kept = new ArrayList<>();
        for (int k = stmts.size() - 1; k >= 0; k--) {
            Stmt s = stmts.get(k) instanceof Decl d ? decl(d, live, kept) : stmt(stmts.get(k), live);
            if (s != null) {
                kept.add(0, s);
            }
        }
        return kept;
    }

    private static Stmt stmt(Stmt s, Set<Variable> live) {
        return switch (s) {
            case Assign a -> assign(a, live);
            case If i -> branch(i, live);
            case For f -> loop(f, live);
            case Block b -> {
                List<Stmt> inner = list(b.stmts(), live);
                yield inner.isEmpty() ? null : new Block(inner, b.range());
            }
            default -> {
                live.addAll(StmtUtil.mentioned(s));
                yield s;
            }
        };
    }

    /** A declaration stays while a kept statement of its block mentions the variable. */
    private static Stmt decl(Decl d, Set<Variable> live, List<Stmt> keptAfter) {
        boolean mentioned = keptAfter.stream().anyMatch(s -> StmtUtil.mentioned(s).contains(d.var()));
        if (!live.contains(d.var()) && !mentioned && (d.init() == null || !callsRuntime(d.init()))) {
            return null;
        }
        live.remove(d.var());
        if (d.init() != null) {
            live.addAll(ExprUtil.variables(d.init()));
        }
        return d;
    }

    private static Stmt assign(Assign a, Set<Variable> live) {
        Variable v = a.target().var();
        if (!live.contains(v) && !callsRuntime(a.value())) {
            return null;
        }
        if (a.target() instanceof VarRef && a.op() == Assign.Op.SET) {
            live.remove(v);
        } else {
            live.add(v);
        }
        if (a.target() instanceof ArrayRef) {
            live.addAll(ExprUtil.indexVariables(a.target()));
        }
        live.addAll(ExprUtil.variables(a.value()));
        return a;
    }

    private static Stmt branch(If i, Set<Variable> live) {
        Set<Variable> elseLive = new HashSet<>(live);
        List<Stmt> then = list(i.then().stmts(), live);
        List<Stmt> otherwise = i.otherwise() == null ? List.of() : list(i.otherwise().stmts(), elseLive);
        live.addAll(elseLive);
        if (then.isEmpty() && otherwise.isEmpty() && !callsRuntime(i.cond())) {
            return null;
        }
        live.addAll(ExprUtil.variables(i.cond()));
        Block elseBlock = i.otherwise() == null || otherwise.isEmpty() ? null
                : new Block(otherwise, i.otherwise().range());
        return new If(i.cond(), new Block(then, i.then().range()), elseBlock, i.range());
    }

    private static Stmt loop(For f, Set<Variable> live) {
        boolean counterReadAfter = live.contains(f.counter());
        // live at the end of an iteration: after the loop, or at the start of the next iteration,
        // and the bound and step, which C evaluates again after each iteration (a body may move the bound)
        Set<Variable> evaluatedAfterEach = new HashSet<>(ExprUtil.variables(f.bound()));
        evaluatedAfterEach.addAll(ExprUtil.variables(f.step()));
        Set<Variable> atEnd = new HashSet<>(live);
        atEnd.addAll(evaluatedAfterEach);
        List<Stmt> body;
        while (true) {
            Set<Variable> atStart = new HashSet<>(atEnd);
            body = list(f.body().stmts(), atStart);
            atStart.remove(f.counter());
            Set<Variable> next = new HashSet<>(live);
            next.addAll(evaluatedAfterEach);
            next.addAll(atStart);
            if (next.equals(atEnd)) {
                live.clear();
                live.addAll(atStart);
                live.addAll(atEnd);
                break;
            }
            atEnd = next;
        }
        if (body.isEmpty() && !counterReadAfter && !callsRuntime(f.lower()) && !callsRuntime(f.bound())) {
            return null;
        }
        live.remove(f.counter());
        live.addAll(headerReads(f));
        For kept = f.withBody(new Block(body, f.body().range()));
        return f.omp() == null ? kept : kept.withOmp(clausesOfMentioned(kept));
    }

    /**
     * The loop's OpenMP clauses without the variables it no longer mentions: gcc does not count a
     * clause as a use, so a parameter named only there would be an unused parameter.
     */
    private static OmpParallelFor clausesOfMentioned(For f) {
        Set<Variable> used = new HashSet<>(StmtUtil.mentioned(f.body()));
        used.add(f.counter());
        for (Expr e : new Expr[] {f.lower(), f.bound(), f.step()}) {
            used.addAll(ExprUtil.variables(e));
        }
        OmpParallelFor omp = f.omp();
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>();
        for (OmpParallelFor.Reduction r : omp.reductions()) {
            List<Variable> vars = r.vars().stream().filter(used::contains).toList();
            if (!vars.isEmpty()) {
                reductions.add(new OmpParallelFor.Reduction(r.op(), vars));
            }
        }
        return omp.withPrivates(omp.privates().stream().filter(used::contains).toList())
                .withFirstprivates(omp.firstprivates().stream().filter(used::contains).toList())
                .withShared(omp.shared().stream().filter(used::contains).toList()).withReductions(reductions);
    }

    /** The variables the loop header reads, and the OpenMP clauses' firstprivate copies. */
    private static Set<Variable> headerReads(For f) {
        Set<Variable> out = new HashSet<>();
        for (Expr e : new Expr[] {f.lower(), f.bound(), f.step()}) {
            out.addAll(ExprUtil.variables(e));
        }
        if (f.omp() != null) {
            out.addAll(f.omp().firstprivates());
        }
        return out;
    }

    private static boolean callsRuntime(Expr e) {
        return ExprUtil.calls(e).stream().anyMatch(Call::isRuntime);
    }
}
