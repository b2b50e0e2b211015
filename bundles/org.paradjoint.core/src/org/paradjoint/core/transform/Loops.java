package org.paradjoint.core.transform;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Sequential loops in reverse mode: what makes them reversible, and the reversed loop. */
final class Loops {

    private Loops() {
    }

    /**
     * A loop the reverse sweep can run backwards: a constant non-zero step in the direction of
     * its condition, an integer counter the body does not modify, bounds the body does not modify.
     */
    static void check(For f) {
        check(f, false);
    }

    /**
     * Whether the body writes a variable of the bound: C evaluates the bound again after every
     * iteration, so the trip count is known only when the loop ends (the front-ends lower
     * {@code while} loops and loops left early to such loops). Reverse mode then records where the
     * counter stopped ({@link #reversedFromExit}), as Tapenade records a loop's trip count.
     */
    static boolean tripCountRecorded(For f) {
        Set<Variable> written = StmtUtil.writes(f.body());
        return ExprUtil.valueVariables(f.bound()).stream().anyMatch(written::contains);
    }

    /**
     * {@link #check(For)}, except that with {@code boundMayChange} the body may write the bound's
     * variables (a sequential loop whose trip count is recorded); the lower bound stays fixed,
     * since the reversed loop ends there.
     */
    static void check(For f, boolean boundMayChange) {
        Long s = f.constantStep();
        if (s == null || s == 0) {
            throw new UnsupportedException("loop-step-not-constant", f.range(), "counter", f.counter().name());
        }
        boolean up = f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE;
        boolean down = f.cmp() == Binary.Op.GT || f.cmp() == Binary.Op.GE;
        if (s > 0 && !up || s < 0 && !down) {
            throw new UnsupportedException("unsupported-loop-condition", f.range(), "counter", f.counter().name(),
                    "cmp", f.cmp().symbol, "step", s);
        }
        if (!f.counter().type().isInteger()) {
            throw new UnsupportedException("unsupported-loop-counter", f.range(), "counter", f.counter().name());
        }
        Set<Variable> written = StmtUtil.writes(f.body());
        if (written.contains(f.counter())) {
            throw new UnsupportedException("loop-counter-modified", f.range(), "counter", f.counter().name());
        }
        Set<Variable> header = new LinkedHashSet<>(ExprUtil.valueVariables(f.lower()));
        if (!boundMayChange) {
            header.addAll(ExprUtil.valueVariables(f.bound()));
        }
        for (Variable v : header) {
            if (written.contains(v) || v.equals(f.counter())) {
                throw new UnsupportedException("loop-bound-modified", f.range(), "variable", v.name(), "counter",
                        f.counter().name());
            }
        }
    }

    /** The loop running the iterations of {@code f} in reverse order, with body {@code body}. */
    static For reversed(For f, List<Stmt> body) {
        long s = f.constantStep();
        Expr lo = f.lower();
        Variable i = f.counter();
        if (s > 0) {
            Expr last = f.cmp() == Binary.Op.LT ? Exprs.sub(f.bound(), new IntLit(1)) : f.bound();
            Expr start;
            if (s == 1) {
                start = last;
            } else if (Exprs.isConst(lo) && Exprs.isConst(last)) {
                long l = (long) Exprs.constValue(lo);
                long h = (long) Exprs.constValue(last);
                start = new IntLit(h < l ? l - s : l + (h - l) / s * s);
            } else {
                start = Exprs.cond(Exprs.lt(last, lo), Exprs.sub(lo, new IntLit(s)),
                        Exprs.add(lo, Exprs.mul(Exprs.div(Exprs.sub(last, lo), new IntLit(s)), new IntLit(s))));
            }
            return new For(i, start, Binary.Op.GE, lo, new IntLit(-s), new Block(body), null, List.of(), f.range());
        }
        long t = -s;
        Expr last = f.cmp() == Binary.Op.GT ? Exprs.add(f.bound(), new IntLit(1)) : f.bound();
        Expr start;
        if (t == 1) {
            start = last;
        } else if (Exprs.isConst(lo) && Exprs.isConst(last)) {
            long l = (long) Exprs.constValue(lo);
            long h = (long) Exprs.constValue(last);
            start = new IntLit(h > l ? l + t : l - (l - h) / t * t);
        } else {
            start = Exprs.cond(Exprs.gt(last, lo), Exprs.add(lo, new IntLit(t)),
                    Exprs.sub(lo, Exprs.mul(Exprs.div(Exprs.sub(lo, last), new IntLit(t)), new IntLit(t))));
        }
        return new For(i, start, Binary.Op.LE, lo, new IntLit(t), new Block(body), null, List.of(), f.range());
    }

    /**
     * The loop running the iterations of {@code f} in reverse order when the counter holds the
     * value it stopped at (popped right before): from one step before it back to the lower bound.
     * Exact whatever the bound did, since the counter and the lower bound are not written in the body.
     */
    static For reversedFromExit(For f, List<Stmt> body) {
        long s = f.constantStep();
        Variable i = f.counter();
        Expr start = s > 0 ? Exprs.sub(new VarRef(i), new IntLit(s)) : Exprs.add(new VarRef(i), new IntLit(-s));
        Binary.Op cmp = s > 0 ? Binary.Op.GE : Binary.Op.LE;
        return new For(i, start, cmp, f.lower(), new IntLit(-s), new Block(body), null, List.of(), f.range());
    }
}
