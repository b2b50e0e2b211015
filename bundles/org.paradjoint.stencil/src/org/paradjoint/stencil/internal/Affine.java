package org.paradjoint.stencil.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * An integer affine form {@code c1*v1 + c2*v2 + ... + k} over loop-invariant integer variables:
 * the loop bounds of a stencil nest and every bound derived from them. Terms keep the order in
 * which their variables first appeared, so that printing is stable ({@code n - 2}, not
 * {@code -2 + n}); equality ignores that order.
 */
public final class Affine {

    private final Map<Variable, Long> coefficients;
    private final long constant;

    private Affine(Map<Variable, Long> coefficients, long constant) {
        Map<Variable, Long> c = new LinkedHashMap<>();
        coefficients.forEach((v, k) -> {
            if (k != 0) {
                c.put(v, k);
            }
        });
        this.coefficients = c;
        this.constant = constant;
    }

    public static Affine constant(long k) {
        return new Affine(Map.of(), k);
    }

    public static Affine variable(Variable v) {
        return new Affine(Map.of(v, 1L), 0);
    }

    /**
     * The affine form of {@code e}, or null when {@code e} is not affine in variables accepted by
     * {@code invariant} (a product of two variables, a division, an array element, a call ...).
     */
    public static Affine parse(Expr e, Predicate<Variable> invariant) {
        return switch (e) {
            case IntLit l -> constant(l.value());
            case VarRef r when r.var().isScalar() && r.var().type().isInteger() && invariant.test(r.var()) ->
                variable(r.var());
            case Unary u when u.op() == Unary.Op.NEG -> {
                Affine a = parse(u.operand(), invariant);
                yield a == null ? null : a.times(-1);
            }
            case Binary b when b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB -> {
                Affine l = parse(b.left(), invariant);
                Affine r = parse(b.right(), invariant);
                yield l == null || r == null ? null : b.op() == Binary.Op.ADD ? l.plus(r) : l.minus(r);
            }
            case Binary b when b.op() == Binary.Op.MUL -> {
                Affine l = parse(b.left(), invariant);
                Affine r = parse(b.right(), invariant);
                if (l == null || r == null) {
                    yield null;
                }
                yield l.isConstant() ? r.times(l.constant) : r.isConstant() ? l.times(r.constant) : null;
            }
            default -> null;
        };
    }

    public boolean isConstant() {
        return coefficients.isEmpty();
    }

    /** The constant part (the whole value when {@link #isConstant()}). */
    public long constantPart() {
        return constant;
    }

    public Map<Variable, Long> coefficients() {
        return Map.copyOf(coefficients);
    }

    public Affine plus(long k) {
        return new Affine(coefficients, constant + k);
    }

    public Affine plus(Affine o) {
        Map<Variable, Long> c = new LinkedHashMap<>(coefficients);
        o.coefficients.forEach((v, k) -> c.merge(v, k, Long::sum));
        return new Affine(c, constant + o.constant);
    }

    public Affine minus(Affine o) {
        return plus(o.times(-1));
    }

    public Affine times(long k) {
        Map<Variable, Long> c = new LinkedHashMap<>();
        coefficients.forEach((v, x) -> c.put(v, x * k));
        return new Affine(c, constant * k);
    }

    /** The C expression: terms in first-appearance order, then the constant. */
    public Expr toExpr() {
        Expr out = null;
        for (Map.Entry<Variable, Long> t : coefficients.entrySet()) {
            long k = t.getValue();
            Expr v = new VarRef(t.getKey());
            Expr magnitude = Math.abs(k) == 1 ? v : new Binary(Binary.Op.MUL, Exprs.integer(Math.abs(k)), v);
            if (out == null) {
                out = k > 0 ? magnitude : new Unary(Unary.Op.NEG, magnitude);
            } else {
                out = new Binary(k > 0 ? Binary.Op.ADD : Binary.Op.SUB, out, magnitude);
            }
        }
        if (out == null) {
            return Exprs.integer(constant);
        }
        if (constant == 0) {
            return out;
        }
        return new Binary(constant > 0 ? Binary.Op.ADD : Binary.Op.SUB, out, Exprs.integer(Math.abs(constant)));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Affine a && a.constant == constant && a.coefficients.equals(coefficients);
    }

    @Override
    public int hashCode() {
        return Objects.hash(coefficients, constant);
    }

    @Override
    public String toString() {
        return org.paradjoint.core.print.CPrinter.print(toExpr());
    }
}
