package org.paradjoint.core.expr;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Traversal of expressions: references, variables, calls, bottom-up rewriting, substitution, renaming. */
public final class ExprUtil {

    private ExprUtil() {
    }

    /** Visits every expression node, parents before children. */
    public static void forEach(Expr e, Consumer<Expr> visitor) {
        visitor.accept(e);
        switch (e) {
            case IntLit l -> {
            }
            case RealLit l -> {
            }
            case VarRef r -> {
            }
            case ArrayRef r -> r.indices().forEach(i -> forEach(i, visitor));
            case Unary u -> forEach(u.operand(), visitor);
            case Binary b -> {
                forEach(b.left(), visitor);
                forEach(b.right(), visitor);
            }
            case Call c -> c.args().forEach(a -> forEach(a, visitor));
            case Cond c -> {
                forEach(c.cond(), visitor);
                forEach(c.then(), visitor);
                forEach(c.otherwise(), visitor);
            }
            case Cast c -> forEach(c.operand(), visitor);
            case TextOperand t -> {
            }
        }
    }

    /** The nodes of type {@code type}, parents before children. */
    public static <T> List<T> nodes(Expr e, Class<T> type) {
        List<T> out = new ArrayList<>();
        forEach(e, x -> {
            if (type.isInstance(x)) {
                out.add(type.cast(x));
            }
        });
        return out;
    }

    /** Every variable or array-element reference, including those inside indices. */
    public static List<LValue> references(Expr e) {
        return nodes(e, LValue.class);
    }

    /** The variables an expression reads, in order of first occurrence. */
    public static Set<Variable> variables(Expr e) {
        Set<Variable> out = new LinkedHashSet<>();
        references(e).forEach(lv -> out.add(lv.var()));
        return out;
    }

    /**
     * The variables whose values an expression reads: {@link #variables} except an array whose
     * shape only is asked ({@code extent(a, d)}: writing its elements does not change it).
     */
    public static Set<Variable> valueVariables(Expr e) {
        Set<Variable> out = new LinkedHashSet<>();
        collectValues(e, out);
        return out;
    }

    private static void collectValues(Expr e, Set<Variable> out) {
        switch (e) {
            case VarRef r -> out.add(r.var());
            case ArrayRef a -> {
                out.add(a.var());
                a.indices().forEach(i -> collectValues(i, out));
            }
            case Call c when c.isShapeQuery() -> {
            }
            case Call c -> c.args().forEach(a -> collectValues(a, out));
            case Unary u -> collectValues(u.operand(), out);
            case Binary b -> {
                collectValues(b.left(), out);
                collectValues(b.right(), out);
            }
            case Cond c -> {
                collectValues(c.cond(), out);
                collectValues(c.then(), out);
                collectValues(c.otherwise(), out);
            }
            case Cast c -> collectValues(c.operand(), out);
            case TextOperand t -> {
            }
            case IntLit l -> {
            }
            case RealLit l -> {
            }
        }
    }

    /** The variables read by the indices of an lvalue (none for a scalar). */
    public static Set<Variable> indexVariables(LValue lv) {
        Set<Variable> out = new LinkedHashSet<>();
        if (lv instanceof ArrayRef a) {
            a.indices().forEach(i -> out.addAll(variables(i)));
        }
        return out;
    }

    public static boolean references(Expr e, Variable v) {
        return variables(e).contains(v);
    }

    /** The calls in an expression, innermost last. */
    public static List<Call> calls(Expr e) {
        return nodes(e, Call.class);
    }

    /** Rebuilds bottom-up, applying {@code f} to every rebuilt node (children first). */
    public static Expr map(Expr e, UnaryOperator<Expr> f) {
        Expr rebuilt = switch (e) {
            case IntLit l -> l;
            case RealLit l -> l;
            case VarRef r -> r;
            case ArrayRef r -> new ArrayRef(r.var(), r.indices().stream().map(i -> map(i, f)).toList(), r.range());
            case Unary u -> new Unary(u.op(), map(u.operand(), f), u.range());
            case Binary b -> new Binary(b.op(), map(b.left(), f), map(b.right(), f), b.range());
            case Call c -> c.withArgs(c.args().stream().map(a -> map(a, f)).toList());
            case Cond c -> new Cond(map(c.cond(), f), map(c.then(), f), map(c.otherwise(), f), c.range());
            case Cast c -> new Cast(c.type(), map(c.operand(), f), c.range());
            case TextOperand t -> t;
        };
        return f.apply(rebuilt);
    }

    /** Renames variables (scalars and arrays). */
    public static Expr rename(Expr e, Map<Variable, Variable> renaming) {
        if (renaming.isEmpty()) {
            return e;
        }
        return map(e, x -> renameNode(x, renaming));
    }

    public static LValue rename(LValue lv, Map<Variable, Variable> renaming) {
        return (LValue) rename((Expr) lv, renaming);
    }

    private static Expr renameNode(Expr x, Map<Variable, Variable> renaming) {
        if (x instanceof VarRef r && renaming.containsKey(r.var())) {
            return new VarRef(renaming.get(r.var()), r.range());
        }
        if (x instanceof ArrayRef a && renaming.containsKey(a.var())) {
            return new ArrayRef(renaming.get(a.var()), a.indices(), a.range());
        }
        return x;
    }

    /**
     * Replaces scalar references {@code v} by expressions; an array reference {@code a[i]} whose
     * array maps to a {@link VarRef} {@code b} becomes {@code b[i]}.
     */
    public static Expr substitute(Expr e, Map<Variable, Expr> map) {
        if (map.isEmpty()) {
            return e;
        }
        return map(e, x -> {
            if (x instanceof VarRef r && map.containsKey(r.var())) {
                return map.get(r.var());
            }
            if (x instanceof ArrayRef a && map.get(a.var()) instanceof VarRef b) {
                return new ArrayRef(b.var(), a.indices(), a.range());
            }
            return x;
        });
    }

    /** Simplifies bottom-up with the smart constructors of {@link Exprs}. */
    public static Expr simplify(Expr e) {
        return Simplifier.simplify(e);
    }
}
