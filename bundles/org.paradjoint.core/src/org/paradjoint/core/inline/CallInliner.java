package org.paradjoint.core.inline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.rules.UnknownFunctions;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Inlines calls to functions defined in the same unit, so that a transformation sees one
 * call-free body. Callee locals get fresh names; array parameters map to the argument arrays; a
 * scalar parameter the callee only reads maps to a plain argument (a variable or a literal of
 * the same type), otherwise to a fresh local initialised with the argument. A call inside an
 * expression is hoisted before the statement into a temporary that receives the callee's
 * {@code return} value; a statement {@code v = g(...)} receives it directly. Early returns
 * become branches ({@link ReturnLowering}). Recursion, calls of unknown functions, calls in loop
 * bounds and in conditionally evaluated operands are errors ({@link UnsupportedException}).
 * <p>
 * Every transformation that inlines uses this class, so that a function one of them accepts is
 * accepted by all. Typical use: {@code CallInliner.of(unit, names).inline(f)}.
 */
public final class CallInliner {

    /** Where the variables that inlining introduces (temporaries, parameter copies, callee locals) are declared. */
    public enum Declarations {
        /** A declaration statement where the variable is introduced; a parameter copy is initialised there. */
        IN_PLACE,
        /**
         * Appended to the function's locals in the order introduced; a parameter copy is assigned
         * where it is introduced, and callee locals lose {@code const} (they end up assigned).
         */
        AS_LOCALS
    }

    private final TranslationUnit unit;
    private final FreshNames names;
    private final Predicate<String> kept;
    private final Declarations declarations;
    private final Deque<String> stack = new ArrayDeque<>();
    private final List<Variable> introduced = new ArrayList<>();

    private CallInliner(TranslationUnit unit, FreshNames names, Predicate<String> kept, Declarations declarations) {
        this.unit = unit;
        this.names = names;
        this.kept = kept;
        this.declarations = declarations;
    }

    /**
     * Inlining of the functions of {@code unit} (null: none), with {@code names} for the new
     * variables, declarations in place, and only intrinsics allowed as other calls.
     */
    public static CallInliner of(TranslationUnit unit, FreshNames names) {
        return new CallInliner(unit, names, name -> false, Declarations.IN_PLACE);
    }

    /**
     * {@code f} with the calls of the unit's functions inlined, for an analysis of what it reads and
     * writes (the indices a helper uses on an array passed to it count); {@code f} as written when
     * it does not inline (the transformations report why). The parameters are {@code f}'s own.
     */
    public static Function forAnalysis(TranslationUnit unit, Function f) {
        try {
            return of(unit, FreshNames.avoiding(f)).inline(f);
        } catch (UnsupportedException e) {
            return f;
        }
    }

    /**
     * Also keeps, as they are, the calls of functions outside the unit that {@code calls}
     * accepts (for example helpers the transformation itself inserted).
     */
    public CallInliner keeping(Predicate<String> calls) {
        return new CallInliner(unit, names, kept.or(calls), declarations);
    }

    public CallInliner declaring(Declarations where) {
        return new CallInliner(unit, names, kept, where);
    }

    /** {@code f} with every call of a unit function inlined; nested blocks are left in place. */
    public Function inline(Function f) {
        CallInliner run = new CallInliner(unit, names, kept, declarations);
        // every unknown function of f named at once (each throw below knows only its own call)
        UnknownFunctions.check(StmtUtil.calls(f.body()).stream()
                .filter(c -> !run.isKnown(c) && run.callee(c.name()).isEmpty()).toList());
        run.stack.push(f.name());
        Block body = new Block(run.stmts(f.body().stmts()), f.body().range());
        if (declarations == Declarations.IN_PLACE) {
            return f.withBody(body);
        }
        List<Variable> locals = new ArrayList<>(f.locals());
        for (Variable v : run.introduced) {
            if (!locals.contains(v)) {
                locals.add(v);
            }
        }
        return f.withLocalsAndBody(locals, body);
    }

    private Optional<Function> callee(String name) {
        return unit == null ? Optional.empty() : unit.function(name);
    }

    private boolean isKnown(Call c) {
        return c.isIntrinsic() || c.kind() == CalleeKind.EXTERNAL || c.isShapeQuery() || c.isPassive() || c.isMpi()
                || kept.test(c.name());
    }

    private void declare(Variable v, Expr init, List<Stmt> into) {
        if (declarations == Declarations.IN_PLACE) {
            into.add(new Decl(v, init));
            return;
        }
        introduced.add(v);
        if (init != null) {
            into.add(new Assign(new VarRef(v), Assign.Op.SET, init));
        }
    }

    private List<Stmt> stmts(List<Stmt> in) {
        return StmtUtil.flatMap(in, this::stmt);
    }

    private Block block(Block b) {
        return StmtUtil.flatMap(b, this::stmt);
    }

    private List<Stmt> stmt(Stmt s) {
        List<Stmt> pre = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                if (receivesDirectly(a)) {
                    Call c = (Call) a.value();
                    List<Expr> args = c.args().stream().map(x -> hoist(x, pre)).toList();
                    pre.addAll(inlineCall(c, callee(c.name()).get(), args, a.target()));
                    return pre;
                }
                LValue target = (LValue) hoist(a.target(), pre);
                Expr value = hoist(a.value(), pre);
                pre.add(new Assign(target, a.op(), value, a.atomic(), a.pragmas(), a.range()));
            }
            case CallStmt cs -> {
                Call c = cs.call();
                Optional<Function> g = callee(c.name());
                if (g.isPresent()) {
                    List<Expr> args = c.args().stream().map(x -> hoist(x, pre)).toList();
                    pre.addAll(inlineCall(c, g.get(), args, null));
                } else if (isKnown(c)) {
                    pre.add(s);
                } else {
                    throw unknown(c);
                }
            }
            case For f -> {
                noCallIn(f.bound(), "in a loop bound", "compute it into a variable before the loop");
                noCallIn(f.step(), "in a loop step", "compute it into a variable before the loop");
                Expr lower = hoist(f.lower(), pre);
                pre.add(new For(f.counter(), lower, f.cmp(), f.bound(), f.step(), block(f.body()), f.omp(),
                        f.pragmas(), f.range(), f.hint()));
            }
            case If i -> {
                Expr cond = hoist(i.cond(), pre);
                pre.add(new If(cond, block(i.then()), block(i.otherwise()), i.range()));
            }
            case Block b -> pre.add(block(b));
            case Return r -> pre.add(new Return(r.value() == null ? null : hoist(r.value(), pre), r.range()));
            case Decl d -> pre.add(new Decl(d.var(), d.init() == null ? null : hoist(d.init(), pre), d.range()));
        }
        return pre;
    }

    /** {@code v = g(...)} with a scalar {@code v} the arguments do not mention: the callee's result goes into {@code v}. */
    private boolean receivesDirectly(Assign a) {
        return a.op() == Assign.Op.SET && a.value() instanceof Call c && callee(c.name()).isPresent()
                && a.target() instanceof VarRef t && t.var().isScalar()
                && c.args().stream().noneMatch(x -> ExprUtil.references(x, t.var()))
                && callee(c.name()).get().returnType() == t.var().type();
    }

    /** Rejects calls of unit functions (they would need statements where none can go) and of unknown ones. */
    private void noCallIn(Expr e, String where, String remedy) {
        for (Call c : ExprUtil.calls(e)) {
            if (callee(c.name()).isPresent()) {
                throw new UnsupportedException("unsupported-call-position", c.range(), "callee", c.name(), "where",
                        where, "remedy", remedy);
            }
            if (!isKnown(c)) {
                throw unknown(c);
            }
        }
    }

    private static UnsupportedException unknown(Call c) {
        return UnknownFunctions.error(c.range(), List.of(c.name()));
    }

    /** Replaces the calls of unit functions in {@code e} by temporaries computed in {@code pre}. */
    private Expr hoist(Expr e, List<Stmt> pre) {
        return switch (e) {
            case Call c -> {
                List<Expr> args = c.args().stream().map(x -> hoist(x, pre)).toList();
                Optional<Function> g = callee(c.name());
                if (g.isPresent()) {
                    Function callee = g.get();
                    if (callee.returnType() == null) {
                        throw new UnsupportedException("void-call-in-expression", c.range(), "function", c.name());
                    }
                    Variable tmp = names.fresh(Variable.scalar(c.name(), callee.returnType(), Variable.Kind.LOCAL),
                            c.name() + "_r");
                    declare(tmp, null, pre);
                    pre.addAll(inlineCall(c, callee, args, new VarRef(tmp)));
                    yield new VarRef(tmp, c.range());
                }
                if (!isKnown(c)) {
                    throw unknown(c);
                }
                yield c.withArgs(args);
            }
            case Cond c -> {
                noConditionalCall(c.then());
                noConditionalCall(c.otherwise());
                yield new Cond(hoist(c.cond(), pre), c.then(), c.otherwise(), c.range());
            }
            case Binary b when b.op().isLogical() -> {
                noConditionalCall(b.right());
                yield new Binary(b.op(), hoist(b.left(), pre), b.right(), b.range());
            }
            case Binary b -> new Binary(b.op(), hoist(b.left(), pre), hoist(b.right(), pre), b.range());
            case Unary u -> new Unary(u.op(), hoist(u.operand(), pre), u.range());
            case Cast c -> new Cast(c.type(), hoist(c.operand(), pre), c.range());
            case ArrayRef a -> new ArrayRef(a.var(), a.indices().stream().map(x -> hoist(x, pre)).toList(), a.range());
            default -> e;
        };
    }

    private void noConditionalCall(Expr e) {
        noCallIn(e, "in a conditionally evaluated operand (?:, &&, ||)", "use an if statement");
    }

    /** The statements of one inlined call, as a block; {@code result} receives the return value (may be null). */
    private List<Stmt> inlineCall(Call call, Function callee, List<Expr> args, LValue result) {
        if (stack.contains(callee.name())) {
            throw new UnsupportedException("recursion", call.range(), "callee", callee.name(), "reversed",
                    String.join(" -> ", stack.reversed()));
        }
        if (args.size() != callee.params().size()) {
            throw new UnsupportedException("call-arity.call", call.range(), "callee", callee.name(), "size",
                    args.size(), "params", callee.params().size());
        }
        List<Stmt> head = new ArrayList<>();
        Map<Variable, Variable> renaming = new LinkedHashMap<>();
        Map<Variable, Expr> substitution = new LinkedHashMap<>();
        Set<Variable> written = StmtUtil.writes(callee.body());
        Map<Variable, Expr> addressed = new LinkedHashMap<>();
        for (int k = 0; k < args.size(); k++) {
            Variable p = callee.params().get(k);
            Expr a = args.get(k);
            if (p.isArray() && p.rank() == 1 && (a instanceof VarRef s && s.var().isScalar()
                    || a instanceof ArrayRef e && e.var().rank() == 1) && ((LValue) a).var().type() == p.type()) {
                // the caller passed an address: of a scalar (`&x`), the pointer's first element is x;
                // of an element (`&u[e]`, `u + e`), the pointer's element f is u[e + f]
                addressed.put(p, a);
            } else if (p.isArray()) {
                if (!(a instanceof VarRef r) || !r.var().isArray() || r.var().rank() != p.rank()) {
                    throw new UnsupportedException("unsupported-argument", a.range().isKnown() ? a.range()
                            : call.range(), "argument", (k + 1), "callee", callee.name(), "rank", p.rank());
                }
                renaming.put(p, r.var());
            } else if (!written.contains(p) && isPlain(a, p)) {
                substitution.put(p, a instanceof IntLit l && p.isFloating() ? new RealLit(l.value()) : a);
            } else {
                Variable copy = names.fresh(p.withKind(Variable.Kind.LOCAL).withConst(false), p.name());
                renaming.put(p, copy);
                declare(copy, a, head);
            }
        }
        List<Variable> locals = new ArrayList<>(callee.locals());
        StmtUtil.forEach(callee.body(), s -> {
            if (s instanceof Decl d && !locals.contains(d.var())) {
                locals.add(d.var());
            }
        });
        for (Variable l : locals) {
            Variable local = l.withKind(Variable.Kind.LOCAL);
            Variable fresh = names.fresh(declarations == Declarations.AS_LOCALS ? local.withConst(false) : local,
                    l.name());
            renaming.put(l, fresh);
            if (callee.locals().contains(l)) {
                declare(fresh, null, head);
            }
        }
        Block throughAddresses = addressed.isEmpty() ? callee.body() : (Block) StmtUtil.mapExprs(callee.body(),
                e -> ExprUtil.map(e, x -> throughAddress(x, addressed, callee)));
        Block renamed = (Block) StmtUtil.rename(throughAddresses, renaming);
        Block body = (Block) StmtUtil.mapExprs(renamed, e -> ExprUtil.substitute(e, substitution));
        List<Stmt> lowered = ReturnLowering.lower(body.stmts(), result);
        stack.push(callee.name());
        List<Stmt> inlined = stmts(lowered);
        stack.pop();
        head.addAll(inlined);
        return List.of(new Block(head, call.range()));
    }

    /**
     * {@code p[f]} or {@code p} of a pointer parameter bound to an address: for the address of a
     * scalar, {@code p[0]} is the scalar (another element is an error); for the address of element
     * {@code u[e]}, {@code p[f]} is {@code u[e + f]}. {@code p} passed on whole is that address again.
     */
    private static Expr throughAddress(Expr e, Map<Variable, Expr> addressed, Function callee) {
        if (e instanceof ArrayRef r && addressed.containsKey(r.var())) {
            Expr f = r.indices().get(0);
            return switch (addressed.get(r.var())) {
                case ArrayRef element -> new ArrayRef(element.var(), List.of(Exprs.add(element.indices().get(0), f)),
                        r.range());
                case VarRef scalar when f instanceof IntLit i && i.value() == 0 -> scalar;
                case VarRef scalar -> throw new UnsupportedException("unsupported-argument.address-indexed", r.range(),
                        "callee", callee.name(), "param", r.var().name(), "scalar", scalar.var().name());
                default -> throw new IllegalStateException("an address is a scalar or an element");
            };
        }
        if (e instanceof VarRef v && addressed.containsKey(v.var())) {
            return addressed.get(v.var());
        }
        return e;
    }

    private static boolean isPlain(Expr a, Variable p) {
        if (a instanceof IntLit) {
            return true;
        }
        if (a instanceof RealLit) {
            return p.isFloating();
        }
        return a instanceof VarRef r && r.var().isScalar() && r.var().type() == p.type();
    }
}
