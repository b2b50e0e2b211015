package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * The reverse-sweep statements of one active assignment {@code target = value}: the adjoint of
 * the target is spread over the adjoints of what the value reads (through a temporary when the
 * target occurs in the value other than as itself), then reset. Inside an adjoint iteration an
 * increment of a shared adjoint is atomic unless the {@link IncrementPolicy} proves it safe;
 * such increments are recorded in the {@link SweepContext} for a possible reduction.
 */
final class AssignmentAdjoints {

    private final DiffContext cx;
    /** Where new locals of the derivative go (the temporary of sequential code). */
    private final List<Variable> extraLocals;
    private Variable sequentialTemp;

    AssignmentAdjoints(DiffContext cx, List<Variable> extraLocals) {
        this.cx = cx;
        this.extraLocals = extraLocals;
    }

    /** The adjoint statements of {@code target = value} for an active target. */
    List<Stmt> adjoint(LValue target, Expr value, SweepContext c) {
        List<Stmt> out = new ArrayList<>();
        Map<LValue, Expr> parts = Partials.of(value, lv -> cx.isActive(lv.var()));
        LValue vb = cx.derivativeRef(target);
        List<LValue> sameVar = parts.keySet().stream().filter(x -> x.var().equals(target.var())).toList();
        if (contended(target, c)) {
            // Other iterations may increment this element meanwhile: take exactly what is read.
            VarRef t = new VarRef(temp(c));
            out.add(new Assign(t, Assign.Op.SET, vb, true, List.of(), target.range()));
            out.add(new Assign(vb, Assign.Op.SUB, t, true, List.of(), target.range()));
            parts.forEach((x, p) -> increment(out, x, Exprs.mul(p, t), c, x.var().equals(target.var())));
        } else if (sameVar.isEmpty()) {
            parts.forEach((x, p) -> increment(out, x, Exprs.mul(p, vb), c));
            out.add(Assign.set(vb, new RealLit(0.0)));
        } else if (sameVar.size() == 1 && sameVar.get(0).equals(target)) {
            Expr p0 = parts.get(target);
            parts.forEach((x, p) -> {
                if (!x.equals(target)) {
                    increment(out, x, Exprs.mul(p, vb), c);
                }
            });
            if (!Exprs.isOne(p0)) {
                out.add(Assign.set(vb, Exprs.mul(p0, vb)));
            }
        } else {
            // the target's own element first (this iteration's: set, never an increment to protect),
            // then the other references of the same variable
            VarRef t = new VarRef(temp(c));
            out.add(Assign.set(t, vb));
            Expr own = parts.get(target);
            if (own == null || !Exprs.isOne(own)) {
                out.add(Assign.set(vb, own == null ? new RealLit(0.0) : Exprs.mul(own, t)));
            }
            parts.forEach((x, p) -> {
                if (!x.equals(target)) {
                    increment(out, x, Exprs.mul(p, t), c);
                }
            });
        }
        return out;
    }

    private void increment(List<Stmt> out, LValue x, Expr value, SweepContext c) {
        increment(out, x, value, c, false);
    }

    /** {@code contended}: the adjoint may be touched by other iterations whatever the policy proves. */
    private void increment(List<Stmt> out, LValue x, Expr value, SweepContext c, boolean contended) {
        if (Exprs.isZero(value)) {
            return;
        }
        Assign.Op op = Assign.Op.ADD;
        if (value instanceof Unary u && u.op() == Unary.Op.NEG) {
            op = Assign.Op.SUB;
            value = u.operand();
        }
        LValue target = cx.derivativeRef(x);
        // a contended increment is atomic whatever the policy would say: do not ask it
        boolean atomic = c.par != null && c.isShared(x.var()) && (contended || !provenSafe(c, x));
        if (atomic) {
            c.unsafe.putIfAbsent(target.var(), x);
        }
        out.add(new Assign(target, op, value, atomic, List.of(), x.range()));
    }

    /**
     * True when {@code target} is an element of a shared array whose adjoint other iterations may
     * increment while this one reads and resets it: the policy cannot vouch that the primal loop
     * does not race on the array.
     */
    private boolean contended(LValue target, SweepContext c) {
        return c.par != null && c.isShared(target.var()) && target instanceof ArrayRef r
                && !cx.policy.plainOverwrite(c.loop, r);
    }

    /** An increment of a shared array the policy proves race-free (never a scalar). */
    private boolean provenSafe(SweepContext c, LValue x) {
        return x instanceof ArrayRef r && cx.policy.classify(c.loop, r) == IncrementPolicy.Safety.SAFE;
    }

    private Variable temp(SweepContext c) {
        if (c.temp == null) {
            if (c.par == null) {
                if (sequentialTemp == null) {
                    sequentialTemp = Variable.scalar(cx.names.fresh("tempb"), BaseType.DOUBLE, Variable.Kind.LOCAL);
                    extraLocals.add(sequentialTemp);
                }
                c.temp = sequentialTemp;
            } else {
                c.temp = Variable.scalar(cx.names.fresh("tempb"), BaseType.DOUBLE, Variable.Kind.LOCAL);
            }
        }
        return c.temp;
    }
}
