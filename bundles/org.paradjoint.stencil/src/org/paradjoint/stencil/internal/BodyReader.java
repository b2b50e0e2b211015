package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Turns the body of the nest into array writes whose right-hand sides read only arrays and
 * loop-invariant scalars: the body's scalars (iteration-local temporaries) are substituted by
 * the expressions they hold, calls of functions of the file are inlined. A scalar read before
 * the body assigns it would carry a value from one iteration to the next: an error.
 */
final class BodyReader {

    /** One array write: {@code target op value}, with {@code value} expanded. */
    record Write(ArrayRef target, Assign.Op op, Expr value, SourceRange range) {
    }

    private BodyReader() {
    }

    static List<Write> read(List<Assign> body, CalleeInliner inliner, Diagnostics diags) {
        Set<Variable> scalars = new LinkedHashSet<>();
        for (Assign a : body) {
            if (a.target() instanceof VarRef r) {
                scalars.add(r.var());
            }
        }
        Map<Variable, Expr> env = new LinkedHashMap<>();
        List<Write> writes = new ArrayList<>();
        for (Assign a : body) {
            try {
                Expr value = expand(a.value(), env, scalars, inliner);
                switch (a.target()) {
                    case VarRef r -> {
                        Expr v = a.op() == Assign.Op.SET ? value
                                : Exprs.binary(arithmetic(a.op()), expand(r, env, scalars, inliner), value);
                        env.put(r.var(), CalleeInliner.converted(v, r.var().type()));
                    }
                    case ArrayRef t -> {
                        List<Expr> indices = new ArrayList<>();
                        for (Expr i : t.indices()) {
                            indices.add(expand(i, env, scalars, inliner));
                        }
                        writes.add(increment(new Write(new ArrayRef(t.var(), indices, t.range()), a.op(), value,
                                a.range())));
                    }
                }
            } catch (UnsupportedException e) {
                diags.add(e.diagnostic());
            }
        }
        return writes;
    }

    /**
     * {@code a[i] = a[i] + e}, {@code a[i] = e + a[i]}, {@code a[i] = a[i] - e - f} as the increments
     * {@code a[i] += e}, {@code a[i] += -e - f} they are, so that the rest of the analysis sees one
     * form: the read of the written element is the increment's own, not a read of an output. Any
     * other read of the written array stays in the increment and is refused as before.
     */
    private static Write increment(Write w) {
        if (w.op() != Assign.Op.SET) {
            return w;
        }
        if (w.value() instanceof Binary b && b.op() == Binary.Op.ADD && b.right().equals(w.target())) {
            return new Write(w.target(), Assign.Op.ADD, b.left(), w.range());
        }
        Expr rest = withoutLeading(w.value(), w.target());
        return rest == null ? w : new Write(w.target(), Assign.Op.ADD, rest, w.range());
    }

    /** {@code e} less its leading term {@code target} in a chain of + and -, or null when it does not lead. */
    private static Expr withoutLeading(Expr e, ArrayRef target) {
        if (!(e instanceof Binary b) || (b.op() != Binary.Op.ADD && b.op() != Binary.Op.SUB)) {
            return null;
        }
        if (b.left().equals(target)) {
            return b.op() == Binary.Op.ADD ? b.right() : Exprs.neg(b.right());
        }
        Expr left = withoutLeading(b.left(), target);
        return left == null ? null : new Binary(b.op(), left, b.right(), b.range());
    }

    private static Expr expand(Expr e, Map<Variable, Expr> env, Set<Variable> scalars, CalleeInliner inliner) {
        for (LValue lv : ExprUtil.references(e)) {
            if (lv instanceof VarRef r && scalars.contains(r.var()) && !env.containsKey(r.var())) {
                throw new UnsupportedException("stencil-carried-scalar", r.range(), "var", r.var().name());
            }
        }
        return inliner.inline(ExprUtil.substitute(e, env));
    }

    private static Binary.Op arithmetic(Assign.Op op) {
        return switch (op) {
            case ADD -> Binary.Op.ADD;
            case SUB -> Binary.Op.SUB;
            case MUL -> Binary.Op.MUL;
            case DIV -> Binary.Op.DIV;
            case SET -> throw new IllegalArgumentException("plain assignment");
        };
    }
}
