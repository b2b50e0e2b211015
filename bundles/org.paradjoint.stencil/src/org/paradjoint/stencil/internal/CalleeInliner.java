package org.paradjoint.stencil.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;

/**
 * Replaces each call of a function defined in the same file by the expression it computes, so
 * that the callee's tangent becomes part of the stencil's partial derivatives. A callee must be
 * straight-line code over scalars: assignments to its scalars followed by one {@code return}.
 * C's conversions at the call (argument to parameter type, result to return type) become casts.
 */
final class CalleeInliner {

    private final TranslationUnit unit;
    private final MessageSpelling spell;
    private final Deque<String> stack = new ArrayDeque<>();

    CalleeInliner(TranslationUnit unit, String caller, MessageSpelling spell) {
        this.unit = unit;
        this.spell = spell;
        stack.push(caller);
    }

    /** True when the file defines {@code name}. */
    boolean isDefined(String name) {
        return callee(name).isPresent();
    }

    Expr inline(Expr e) {
        return ExprUtil.map(e, x -> x instanceof Call c && isDefined(c.name()) ? expand(c, callee(c.name()).get()) : x);
    }

    private Optional<Function> callee(String name) {
        return unit == null ? Optional.empty() : unit.function(name);
    }

    private Expr expand(Call call, Function g) {
        if (stack.contains(g.name())) {
            throw new UnsupportedException("stencil-callee.recursive-call-through", call.range(), "callee", g.name(),
                    "reversed", String.join(" -> ", stack.reversed()));
        }
        if (g.returnType() == null) {
            throw new UnsupportedException("stencil-callee.function-returns-no", call.range(), "function", g.name());
        }
        if (call.args().size() != g.params().size()) {
            throw new UnsupportedException("stencil-call-arity.call-arguments-takes", call.range(), "callee", g.name(),
                    "args", call.args().size(), "params", g.params().size());
        }
        Map<Variable, Expr> env = new LinkedHashMap<>();
        for (int k = 0; k < g.params().size(); k++) {
            Variable p = g.params().get(k);
            if (p.isArray()) {
                throw new UnsupportedException("stencil-callee.takes-array-functions", call.range(), "callee",
                        g.name(), "array", p.name());
            }
            env.put(p, converted(call.args().get(k), p.type()));
        }
        Expr result = null;
        List<Stmt> body = g.body().stmts();
        for (int k = 0; k < body.size(); k++) {
            Stmt s = body.get(k);
            if (s instanceof Assign a && a.target() instanceof VarRef t && t.var().isScalar()) {
                Expr value = substitute(a.value(), env, g);
                env.put(t.var(), a.op() == Assign.Op.SET ? converted(value, t.var().type())
                        : converted(Exprs.binary(arithmetic(a), read(t, env, g), value), t.var().type()));
            } else if (s instanceof Return r && r.value() != null && k == body.size() - 1) {
                result = converted(substitute(r.value(), env, g), g.returnType());
            } else {
                throw notInlinable(g, s.range());
            }
        }
        if (result == null) {
            throw notInlinable(g, g.range());
        }
        stack.push(g.name());
        try {
            return inline(result);
        } finally {
            stack.pop();
        }
    }

    private static org.paradjoint.core.ir.Binary.Op arithmetic(Assign a) {
        return switch (a.op()) {
            case ADD -> org.paradjoint.core.ir.Binary.Op.ADD;
            case SUB -> org.paradjoint.core.ir.Binary.Op.SUB;
            case MUL -> org.paradjoint.core.ir.Binary.Op.MUL;
            case DIV -> org.paradjoint.core.ir.Binary.Op.DIV;
            case SET -> throw new IllegalArgumentException("plain assignment");
        };
    }

    private static Expr read(VarRef r, Map<Variable, Expr> env, Function g) {
        Expr v = env.get(r.var());
        if (v == null) {
            throw new UnsupportedException("stencil-callee.read-before-assigned", r.range(), "var", r.var().name(),
                    "callee", g.name());
        }
        return v;
    }

    private static Expr substitute(Expr e, Map<Variable, Expr> env, Function g) {
        for (VarRef r : ExprUtil.references(e).stream().filter(VarRef.class::isInstance).map(VarRef.class::cast)
                .toList()) {
            read(r, env, g);
        }
        for (var lv : ExprUtil.references(e)) {
            if (lv instanceof org.paradjoint.core.ir.ArrayRef a) {
                throw new UnsupportedException("stencil-callee.reads-array-functions", a.range(), "callee", g.name(),
                        "var", a.var().name());
            }
        }
        return ExprUtil.substitute(e, env);
    }

    /** {@code e} as C converts it to {@code type} (assignment, argument passing, return). */
    static Expr converted(Expr e, BaseType type) {
        boolean floating = ExprTypes.isFloating(e);
        if (type.isFloating() && !floating || type.isInteger() && floating || type == BaseType.FLOAT) {
            return Exprs.cast(type, e);
        }
        return e;
    }

    private UnsupportedException notInlinable(Function g, SourceRange where) {
        return new UnsupportedException("stencil-callee.inlined-into-stencil", where, "callee", g.name(), "result",
                (spell.isFortran() ? "assignment of the result" : "return"), "conditionalExpression",
                spell.conditionalExpression());
    }
}
