package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
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
import org.paradjoint.core.ir.Variable;

/**
 * Removes stores to local variables whose value is never read, to a fixpoint. Which locals it
 * may touch is the caller's choice: reverse mode passes the generated ones (derivatives, adjoint
 * temporaries; adjoint liveness has already pruned the primal's), tangent mode every local, since
 * {@code f_d} copies the primal and with it a user's local that is set but never read. Usefulness
 * already keeps most derivatives from being generated; this catches what is left (a partial that
 * simplifies to zero, a branch whose adjoint is empty), so that no local is set but never used,
 * which {@code gcc -Werror} rejects. "Read" is meant as gcc means it: {@code d += e} alone does
 * not use {@code d}.
 */
final class DeadDerivatives {

    private DeadDerivatives() {
    }

    /** {@code f} without the dead stores to the locals {@code removable} accepts. */
    static Function remove(Function f, Predicate<Variable> removable) {
        Block body = f.body();
        while (true) {
            Set<Variable> read = new HashSet<>();
            StmtUtil.forEach(body, s -> reads(s, read));
            Set<Variable> dead = new HashSet<>();
            StmtUtil.forEach(body, s -> {
                Variable w = s instanceof Assign a ? a.target().var() : s instanceof Decl d ? d.var() : null;
                if (w != null && removable.test(w) && !read.contains(w)) {
                    dead.add(w);
                }
            });
            if (dead.isEmpty()) {
                break;
            }
            Block next = without(body, dead);
            if (next.equals(body)) {
                break; // only stores kept for their runtime call are left
            }
            body = next;
        }
        return f.withBody(body);
    }

    private static void reads(Stmt s, Set<Variable> out) {
        switch (s) {
            case Assign a -> {
                out.addAll(ExprUtil.indexVariables(a.target()));
                out.addAll(ExprUtil.variables(a.value()));
            }
            case For f -> {
                // the loop's test reads its counter: its declaration stays (an inlined helper's
                // for (int k = ...) is declared in the parallel loop's body)
                out.add(f.counter());
                StmtUtil.ownExprs(s).forEach(e -> out.addAll(ExprUtil.variables(e)));
            }
            default -> StmtUtil.ownExprs(s).forEach(e -> out.addAll(ExprUtil.variables(e)));
        }
    }

    private static Block without(Block b, Set<Variable> dead) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            switch (s) {
                case Assign a when dead.contains(a.target().var()) && !hasCall(a.value()) -> {
                }
                case Decl d when dead.contains(d.var()) && (d.init() == null || !hasCall(d.init())) -> {
                }
                case Block x -> out.add(without(x, dead));
                case For f -> out.add(new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(),
                        without(f.body(), dead), f.omp() == null ? null : without(f.omp(), dead), f.pragmas(),
                        f.range(), f.hint()));
                case If i -> out.add(new If(i.cond(), without(i.then(), dead),
                        i.otherwise() == null ? null : without(i.otherwise(), dead), i.range()));
                default -> out.add(s);
            }
        }
        return new Block(out, b.range());
    }

    /** A store whose value calls the runtime (a tape pop) is kept for its effect; other calls are pure. */
    private static boolean hasCall(Expr e) {
        return ExprUtil.calls(e).stream().anyMatch(Call::isRuntime);
    }

    private static OmpParallelFor without(OmpParallelFor omp, Set<Variable> dead) {
        Predicate<Variable> keep = v -> !dead.contains(v);
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>();
        for (OmpParallelFor.Reduction r : omp.reductions()) {
            List<Variable> vars = r.vars().stream().filter(keep).toList();
            if (!vars.isEmpty()) {
                reductions.add(new OmpParallelFor.Reduction(r.op(), vars));
            }
        }
        return new OmpParallelFor(omp.privates().stream().filter(keep).toList(),
                omp.firstprivates().stream().filter(keep).toList(), omp.shared().stream().filter(keep).toList(),
                reductions, omp.schedule(), omp.collapse(), omp.defaultSharing(), omp.range(), omp.accumulators());
    }
}
