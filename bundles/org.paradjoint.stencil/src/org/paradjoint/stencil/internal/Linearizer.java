package org.paradjoint.stencil.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;

/**
 * The partial derivatives of an expression with respect to its active array reads, by the
 * core's rules ({@link Partials}), extended to calls of functions the file does not define: such
 * a call {@code g(a1, ..., ak)} is an uninterpreted function whose partial with respect to
 * {@code aj} is the user-supplied {@code g_dj(a1, ..., ak)} (chain rule through the arguments).
 */
final class Linearizer {

    /** Suffix of the user-supplied partials: {@code g_d1} is the derivative of {@code g} in its first argument. */
    static String partialName(String function, int argument) {
        return function + "_d" + (argument + 1);
    }

    private final Predicate<ArrayRef> active;
    private final Predicate<Call> uninterpreted;
    private int placeholders;

    Linearizer(Predicate<ArrayRef> active, Predicate<Call> uninterpreted) {
        this.active = active;
        this.uninterpreted = uninterpreted;
    }

    /** Active reads (structurally combined) to their partials, in order of first occurrence. */
    Map<ArrayRef, Expr> of(Expr e) {
        Map<Variable, Call> calls = new LinkedHashMap<>();
        Expr opened = hideCalls(e, calls);
        Map<LValue, Expr> partials = Partials.of(opened,
                leaf -> leaf instanceof ArrayRef a && active.test(a) || leaf instanceof VarRef r
                        && calls.containsKey(r.var()));
        Map<Variable, Expr> restore = new LinkedHashMap<>(calls);
        Map<ArrayRef, Expr> out = new LinkedHashMap<>();
        for (Map.Entry<LValue, Expr> p : partials.entrySet()) {
            Expr d = ExprUtil.substitute(p.getValue(), restore);
            if (p.getKey() instanceof ArrayRef a) {
                out.merge((ArrayRef) ExprUtil.substitute(a, restore), d, Exprs::add);
                continue;
            }
            Call g = calls.get(p.getKey().var());
            for (int j = 0; j < g.args().size(); j++) {
                Map<ArrayRef, Expr> inner = of(g.args().get(j));
                if (inner.isEmpty()) {
                    continue;
                }
                Expr dg = Exprs.mul(d, new Call(partialName(g.name(), j), g.args(), g.range()));
                for (Map.Entry<ArrayRef, Expr> q : inner.entrySet()) {
                    out.merge(q.getKey(), Exprs.mul(dg, q.getValue()), Exprs::add);
                }
            }
        }
        out.values().removeIf(Exprs::isZero);
        return out;
    }

    /** Replaces the outermost uninterpreted calls by placeholder variables (names C cannot spell). */
    private Expr hideCalls(Expr e, Map<Variable, Call> calls) {
        return switch (e) {
            case Call c when uninterpreted.test(c) -> {
                Variable p = Variable.scalar("pa$call" + placeholders++, BaseType.DOUBLE, Variable.Kind.LOCAL);
                calls.put(p, c);
                yield new VarRef(p, c.range());
            }
            case Call c -> c.withArgs(hideAll(c.args(), calls));
            case Binary b -> new Binary(b.op(), hideCalls(b.left(), calls), hideCalls(b.right(), calls), b.range());
            case Unary u -> new Unary(u.op(), hideCalls(u.operand(), calls), u.range());
            case Cond c -> new Cond(hideCalls(c.cond(), calls), hideCalls(c.then(), calls),
                    hideCalls(c.otherwise(), calls), c.range());
            case Cast c -> new Cast(c.type(), hideCalls(c.operand(), calls), c.range());
            case ArrayRef a -> new ArrayRef(a.var(), hideAll(a.indices(), calls), a.range());
            default -> e;
        };
    }

    private List<Expr> hideAll(List<Expr> es, Map<Variable, Call> calls) {
        return es.stream().map(x -> hideCalls(x, calls)).toList();
    }
}
