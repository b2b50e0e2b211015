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
import org.paradjoint.stencil.StencilCodes;

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
            throw new UnsupportedException(StencilCodes.CALLEE, call.range(), "recursive call of '" + g.name()
                    + "' (through " + String.join(" -> ", stack.reversed()) + "): recursion cannot be inlined");
        }
        if (g.returnType() == null) {
            throw new UnsupportedException(StencilCodes.CALLEE, call.range(),
                    "function '" + g.name() + "' returns no value but is used in an expression");
        }
        if (call.args().size() != g.params().size()) {
            throw new UnsupportedException(StencilCodes.CALL_ARITY, call.range(), "call to '" + g.name() + "' with "
                    + call.args().size() + " arguments; it takes " + g.params().size());
        }
        Map<Variable, Expr> env = new LinkedHashMap<>();
        for (int k = 0; k < g.params().size(); k++) {
            Variable p = g.params().get(k);
            if (p.isArray()) {
                throw new UnsupportedException(StencilCodes.CALLEE, call.range(), "'" + g.name()
                        + "' takes the array '" + p.name() + "': only functions of scalars can be inlined into a "
                        + "stencil; pass the elements it needs as scalars");
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
            throw new UnsupportedException(StencilCodes.CALLEE, r.range(), "'" + r.var().name() + "' is read in '"
                    + g.name() + "' before it is assigned");
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
                throw new UnsupportedException(StencilCodes.CALLEE, a.range(), "'" + g.name() + "' reads the array '"
                        + a.var().name() + "': only functions of their scalar parameters can be inlined");
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
        return new UnsupportedException(StencilCodes.CALLEE, where, "'" + g.name() + "' cannot be inlined into a "
                + "stencil: only functions made of assignments to scalars followed by one "
                + (spell.isFortran() ? "assignment of the result" : "return") + " are supported "
                + "(no branches, loops or early returns); write the branch as " + spell.conditionalExpression());
    }
}
