package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Unary;

/**
 * Sums with common factors pulled out, so that a factor shared by the contributions of several
 * neighbours is multiplied once: {@code c1*D*b1 + c2*D*b2} becomes {@code D*(c1*b1 + c2*b2)}.
 * Greedy: the factor shared by most summands first, then the same inside and outside the group.
 * Summands keep their order; factoring only regroups products (a change of rounding, not of value).
 */
final class Factoring {

    /** A summand as a signed product of factors (an empty product is 1). */
    private record Product(boolean negative, List<Expr> factors) {
    }

    private Factoring() {
    }

    static Expr sum(List<Expr> summands) {
        List<Product> ps = new ArrayList<>();
        for (Expr s : summands) {
            List<Expr> factors = new ArrayList<>();
            boolean negative = flatten(s, false, factors);
            ps.add(new Product(negative, factors));
        }
        return factor(ps);
    }

    private static boolean flatten(Expr e, boolean negative, List<Expr> factors) {
        if (e instanceof Unary u && u.op() == Unary.Op.NEG) {
            return flatten(u.operand(), !negative, factors);
        }
        if (e instanceof Binary b && b.op() == Binary.Op.MUL) {
            boolean n = flatten(b.left(), negative, factors);
            return flatten(b.right(), n, factors);
        }
        factors.add(e);
        return negative;
    }

    private static Expr factor(List<Product> ps) {
        Expr best = ps.size() < 2 ? null : mostShared(ps);
        if (best == null) {
            Expr sum = null;
            for (Product p : ps) {
                sum = sum == null ? product(p) : Exprs.add(sum, product(p));
            }
            return sum == null ? Exprs.real(0.0) : sum;
        }
        List<Product> group = new ArrayList<>();
        List<Product> rest = new ArrayList<>();
        boolean groupFirst = false;
        for (Product p : ps) {
            if (p.factors().contains(best)) {
                List<Expr> fs = new ArrayList<>(p.factors());
                fs.remove(best);
                groupFirst |= rest.isEmpty() && group.isEmpty();
                group.add(new Product(p.negative(), fs));
            } else {
                rest.add(p);
            }
        }
        Expr grouped = Exprs.mul(best, factor(group));
        if (rest.isEmpty()) {
            return grouped;
        }
        Expr others = factor(rest);
        return groupFirst ? Exprs.add(grouped, others) : Exprs.add(others, grouped);
    }

    /** The factor present in most products (at least two), ties to the first seen; null if none. */
    private static Expr mostShared(List<Product> ps) {
        Map<Expr, Integer> count = new LinkedHashMap<>();
        for (Product p : ps) {
            p.factors().stream().distinct().forEach(f -> count.merge(f, 1, Integer::sum));
        }
        Expr best = null;
        int most = 1;
        for (Map.Entry<Expr, Integer> e : count.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    private static Expr product(Product p) {
        Expr out = null;
        for (Expr f : p.factors()) {
            out = out == null ? f : Exprs.mul(out, f);
        }
        if (out == null) {
            out = Exprs.real(1.0);
        }
        return p.negative() ? Exprs.neg(out) : out;
    }
}
