package org.paradjoint.core.transform;

import java.util.List;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A parallel loop that takes the maximum (minimum) of an active value, {@code reduction(max: m)}
 * with the body {@code m = fmax(m, e)} (or {@code if (e > m) m = e;}, and the {@code min} forms).
 * Its result is one of the values: the initial {@code m}, or {@code e} at the iteration that won.
 * So the derivative of {@code m} is that value's derivative, and both modes find the winner after
 * running the loop as written: the first iteration (lowest counter) whose {@code e} equals the
 * result, unless the initial value equals it (a tie keeps the value already there, as
 * {@code fmax}'s derivative rule does). The winner's index is then the one fact the derivative
 * needs: the tangent sets {@code md} to {@code e}'s tangent there, the adjoint adds {@code mb}
 * to the adjoints of what {@code e} reads there; when the initial value won, {@code m} and its
 * derivative pass through. The search is one more parallel loop over the iterations, with an
 * integer {@code reduction(min)}: no floating-point value is reduced in a different order.
 */
final class MinMaxReductions {

    /** The winner's index when the initial value won. */
    private static final long NONE = -1;
    /** Larger than every counter: no iteration found yet. */
    private static final long UNSET = Integer.MAX_VALUE;

    /** The loop, its result variable, {@code max} or {@code min}, and the value each iteration offers. */
    record Form(For loop, Variable result, String op, Expr value) {
    }

    private MinMaxReductions() {
    }

    /** The form of {@code f}, or null when it is not a lone max/min update of an active scalar. */
    static Form of(For f, Predicate<Variable> active) {
        if (!f.isParallel() || f.omp().collapse() > 1) {
            return null;
        }
        for (OmpParallelFor.Reduction r : f.omp().reductions()) {
            if (!r.op().equals("max") && !r.op().equals("min")) {
                continue;
            }
            for (Variable m : r.vars()) {
                if (active.test(m) && m.isScalar()) {
                    Expr e = update(StmtUtil.flatten(f.body().stmts()), m, r.op());
                    if (e != null && !ExprUtil.references(e, m)) {
                        return new Form(f, m, r.op(), e);
                    }
                }
            }
        }
        return null;
    }

    /** What the body offers to {@code m}, when it is exactly one update of {@code m} by {@code op}. */
    private static Expr update(List<Stmt> body, Variable m, String op) {
        if (body.size() != 1) {
            return null;
        }
        Stmt s = body.get(0);
        if (s instanceof Assign a && a.op() == Assign.Op.SET && isRef(a.target(), m) && a.value() instanceof Call c
                && c.args().size() == 2 && (c.name().equals("f" + op) || c.name().equals(op))) {
            if (isRef(c.args().get(0), m)) {
                return c.args().get(1);
            }
            if (isRef(c.args().get(1), m)) {
                return c.args().get(0);
            }
            return null;
        }
        if (s instanceof If i && i.otherwise() == null && i.then().stmts().size() == 1
                && i.then().stmts().get(0) instanceof Assign a && a.op() == Assign.Op.SET && isRef(a.target(), m)
                && i.cond() instanceof Binary b) {
            Expr e = a.value();
            // max: e > m, e >= m, m < e, m <= e; min: the comparisons mirrored
            boolean greater = b.op() == Binary.Op.GT || b.op() == Binary.Op.GE;
            boolean less = b.op() == Binary.Op.LT || b.op() == Binary.Op.LE;
            boolean eFirst = b.left().equals(e) && isRef(b.right(), m);
            boolean mFirst = isRef(b.left(), m) && b.right().equals(e);
            boolean wins = op.equals("max") ? greater && eFirst || less && mFirst
                    : less && eFirst || greater && mFirst;
            return wins ? e : null;
        }
        return null;
    }

    private static boolean isRef(Expr e, Variable v) {
        return e instanceof VarRef r && r.var().equals(v);
    }

    /**
     * {@code initial = m}, the loop as written, then the search of the winner: the lowest counter
     * whose value equals the result, or {@value #NONE} when the initial value equals it. The
     * search evaluates each value again, as the loop did, in the same function; should the
     * compiler have rounded the two evaluations differently (contracting a multiply-add in one
     * loop only) so that no value equals the result, a sequential pass takes the iteration whose
     * value is nearest to it. That pass cannot miss: when the initial value does not equal the
     * result, the loop ran at least one iteration, and the nearest of its values is the winner up
     * to rounding. So the winner is never taken to be the initial value by default.
     */
    static List<Stmt> primalAndWinner(Form form, Variable initial, Variable winner, Variable distance) {
        For f = form.loop();
        VarRef m = new VarRef(form.result());
        VarRef w = new VarRef(winner);
        Expr exact = new Binary(Binary.Op.EQ, form.value(), m);
        Stmt searches = new If(new Binary(Binary.Op.NE, new VarRef(initial), m), new Block(List.of(
                search(f, exact, winner),
                new If(unset(w), new Block(nearest(f, form.value(), m, winner, distance)), null))), null);
        return List.of(Assign.set(new VarRef(initial), m), f, Assign.set(w, new IntLit(UNSET)), searches,
                new If(unset(w), new Block(List.of(Assign.set(w, new IntLit(NONE)))), null));
    }

    /**
     * {@code distance = 0; for (...) if (winner == UNSET || fabs(e - m) < distance) { winner = i;
     * distance = fabs(e - m); }}: sequential, so the lowest counter wins a tie, and one pass, so
     * no value is compared with a second evaluation of itself.
     */
    private static List<Stmt> nearest(For f, Expr value, VarRef m, Variable winner, Variable distance) {
        VarRef w = new VarRef(winner);
        VarRef d = new VarRef(distance);
        Expr gap = fabs(new Binary(Binary.Op.SUB, value, m));
        If closer = new If(new Binary(Binary.Op.OR, unset(w), new Binary(Binary.Op.LT, gap, d)),
                new Block(List.of(Assign.set(w, new VarRef(f.counter())), Assign.set(d, gap))), null);
        For pass = new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), new Block(List.of(closer)), null,
                List.of(), f.range());
        return List.of(Assign.set(d, new RealLit(0.0)), pass);
    }

    /** The lowest counter of {@code f}'s range where {@code found} holds, into {@code winner} (a min reduction). */
    private static For search(For f, Expr found, Variable winner) {
        VarRef w = new VarRef(winner);
        VarRef counter = new VarRef(f.counter());
        If lower = new If(new Binary(Binary.Op.AND, found, new Binary(Binary.Op.LT, counter, w)),
                new Block(List.of(Assign.set(w, counter))), null);
        OmpParallelFor omp = new OmpParallelFor(f.omp().privates(), List.of(), List.of(),
                List.of(new OmpParallelFor.Reduction("min", List.of(winner))), f.omp().schedule(), 0, null,
                f.omp().range());
        return new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(), new Block(List.of(lower)), omp,
                List.of(), f.range());
    }

    private static Expr unset(VarRef w) {
        return new Binary(Binary.Op.EQ, w, new IntLit(UNSET));
    }

    private static Expr fabs(Expr e) {
        return new Call("fabs", List.of(e), SourceRange.NONE, CalleeKind.INTRINSIC);
    }

    /** {@code if (winner >= 0) { counter = winner; body }}. */
    static Stmt atWinner(Form form, Variable winner, List<Stmt> body) {
        List<Stmt> then = new java.util.ArrayList<>();
        then.add(Assign.set(new VarRef(form.loop().counter()), new VarRef(winner)));
        then.addAll(body);
        return new If(new Binary(Binary.Op.GE, new VarRef(winner), new IntLit(0)), new Block(then), null);
    }

    /** {@code m = e}: what the loop did at the winning iteration. */
    static Assign winningAssignment(Form form) {
        return new Assign(new VarRef(form.result()), Assign.Op.SET, form.value(), false, List.of(),
                form.loop().range());
    }
}
