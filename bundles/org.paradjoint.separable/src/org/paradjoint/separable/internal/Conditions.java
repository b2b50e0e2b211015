package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Unary;

/**
 * What a branch condition says about integers, as polynomials that are >= 0 where the branch is taken:
 * {@code i < 1 || i > nx} taken false gives {@code i - 1 >= 0} and {@code nx - i >= 0}. Only
 * conjunctions of comparisons (after pushing the negation in) say anything; other conditions give
 * nothing, which is safe: fewer known facts only mean fewer proofs.
 */
final class Conditions {

    private Conditions() {
    }

    static List<Poly> of(Expr cond, boolean taken, Function<Expr, Poly> poly) {
        List<Poly> out = new ArrayList<>();
        collect(cond, taken, poly, out);
        return out;
    }

    private static void collect(Expr e, boolean taken, Function<Expr, Poly> poly, List<Poly> out) {
        if (e instanceof Unary u && u.op() == Unary.Op.NOT) {
            collect(u.operand(), !taken, poly, out);
            return;
        }
        if (!(e instanceof Binary b)) {
            return;
        }
        if (taken && b.op() == Binary.Op.AND || !taken && b.op() == Binary.Op.OR) {
            collect(b.left(), taken, poly, out);
            collect(b.right(), taken, poly, out);
            return;
        }
        Binary.Op op = taken ? b.op() : negated(b.op());
        if (op == null) {
            return;
        }
        Poly l = poly.apply(b.left());
        Poly r = poly.apply(b.right());
        if (l == null || r == null) {
            return;
        }
        Poly one = Poly.constant(1);
        switch (op) {
            case LT -> out.add(r.minus(l).minus(one));
            case LE -> out.add(r.minus(l));
            case GT -> out.add(l.minus(r).minus(one));
            case GE -> out.add(l.minus(r));
            case EQ -> {
                out.add(l.minus(r));
                out.add(r.minus(l));
            }
            default -> {
            }
        }
    }

    private static Binary.Op negated(Binary.Op op) {
        return switch (op) {
            case LT -> Binary.Op.GE;
            case LE -> Binary.Op.GT;
            case GT -> Binary.Op.LE;
            case GE -> Binary.Op.LT;
            case EQ -> Binary.Op.NE;
            case NE -> Binary.Op.EQ;
            default -> null;
        };
    }

    /** True when {@code q >= 0} follows from one of the facts by adding a non-negative constant (or q is one). */
    static boolean implies(List<Poly> facts, Poly q) {
        if (q.isConstant()) {
            return q.constantTerm() >= 0;
        }
        for (Poly f : facts) {
            Poly d = q.minus(f);
            if (d.isConstant() && d.constantTerm() >= 0) {
                return true;
            }
        }
        return false;
    }
}
