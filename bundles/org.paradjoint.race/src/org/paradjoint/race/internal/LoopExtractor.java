package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.internal.LoopModel.AdjointKind;
import org.paradjoint.race.internal.LoopModel.AdjointRef;
import org.paradjoint.race.internal.LoopModel.Fact;
import org.paradjoint.race.internal.LoopModel.PrimalRef;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/**
 * Knowledge extraction: one symbolic walk over the body of a parallel loop, in terms of
 * iteration {@code i}. Scalars get a term per definition point (an integer right-hand side is
 * substituted, anything else is a fresh <em>instance</em>), every shared array reference gets its
 * index tuple and the condition under which it executes (enclosing {@code if}s, inner-loop
 * ranges, short-circuit operands). Inner-loop counters are one variable per loop and iteration
 * side: the knowledge holds for all their values, so any instantiation is sound.
 */
public final class LoopExtractor {

    private final LoopModel m;
    private final Set<Variable> active;
    private final boolean useBounds;
    /** Primal array name -> adjoint name, for texts. */
    private final UnaryOperator<String> adjointName;

    private final Set<Variable> assignedScalars = new LinkedHashSet<>();
    private final Set<Variable> writtenArrays = new LinkedHashSet<>();
    private final Set<Variable> privateArrays = new LinkedHashSet<>();
    private final Map<Variable, Integer> definitionCount = new HashMap<>();
    private final Map<Variable, Term> topLevelDefinition = new HashMap<>();
    private final IdentityHashMap<Expr, Term> opaque = new IdentityHashMap<>();
    private final IdentityHashMap<Expr, Formula> opaqueCond = new IdentityHashMap<>();
    private final IdentityHashMap<ArrayRef, PrimalRef> refOf = new IdentityHashMap<>();
    private final List<Integer> innerLoops = new ArrayList<>();
    private int fresh;
    private int loopIds;
    private int depth;

    private LoopExtractor(For loop, Set<Variable> active, boolean useBounds, UnaryOperator<String> adjointName) {
        this.m = new LoopModel(loop);
        this.active = active;
        this.useBounds = useBounds;
        this.adjointName = adjointName;
    }

    /** As {@link #extract(For, Set, boolean, UnaryOperator)}, every adjoint named with {@code adjointSuffix}. */
    public static LoopModel extract(For loop, Set<Variable> active, boolean useBounds, String adjointSuffix) {
        return extract(loop, active, useBounds, name -> name + adjointSuffix);
    }

    public static LoopModel extract(For loop, Set<Variable> active, boolean useBounds,
            UnaryOperator<String> adjointName) {
        LoopExtractor x = new LoopExtractor(loop, active, useBounds, adjointName);
        x.run();
        return x.m;
    }

    private void run() {
        For loop = m.loop;
        m.sideVars.add(m.counterVar());
        m.display.put(m.counterVar(), m.counterVar());
        if (loop.omp().collapse() > 1) {
            m.unsupported = "collapse(" + loop.omp().collapse() + ") loops are not analysed";
            return;
        }
        prepass(loop.body(), true);
        for (Variable v : loop.omp().privates()) {
            if (v.isArray()) {
                privateArrays.add(v);
            }
        }
        for (Variable v : loop.omp().firstprivates()) {
            if (v.isArray()) {
                privateArrays.add(v);
            }
        }
        if (assignedScalars.contains(m.counter)) {
            m.unsupported = "the loop body assigns the parallel loop's counter " + m.counterVar();
        }
        if (m.unsupported != null) {
            return;
        }
        // The range is evaluated before the loop runs: every scalar is its loop-invariant value.
        Map<Variable, Term> outer = new HashMap<>();
        Term lower = eval(loop.lower(), outer);
        Term bound = eval(loop.bound(), outer);
        Long step = loop.constantStep();
        if (step != null && step != 0) {
            m.range = rangeFormula(Logic.var(m.counterVar()), lower, loop.cmp(), bound, step);
            m.stride = Math.abs(step);
            m.span = switch (loop.cmp()) {
                case LT -> step > 0 ? Logic.sub(bound, lower) : null;
                case LE -> step > 0 ? Logic.add(Logic.sub(bound, lower), Logic.num(1)) : null;
                case GT -> step < 0 ? Logic.sub(lower, bound) : null;
                case GE -> step < 0 ? Logic.add(Logic.sub(lower, bound), Logic.num(1)) : null;
                default -> null;
            };
        }
        Map<Variable, Term> env = new HashMap<>();
        for (Variable v : assignedScalars) {
            if (!v.equals(m.counter)) {
                env.put(v, loop.omp().firstprivates().contains(v) ? shared(v) : instance(v));
            }
        }
        for (Variable v : loop.omp().privates()) {
            if (v.isScalar() && !v.equals(m.counter) && !env.containsKey(v)) {
                env.put(v, instance(v));
            }
        }
        Map<Variable, Term> entry = new HashMap<>(env);
        walk(loop.body(), Logic.TRUE, env);
        extractFacts();
        disjointFacts(loop, entry);
    }

    // ---- pre-pass -----------------------------------------------------------------------

    private void prepass(Stmt s, boolean topLevel) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> prepass(x, topLevel));
            case Assign a -> {
                if (a.target() instanceof VarRef v) {
                    assignedScalars.add(v.var());
                    definitionCount.merge(v.var(), topLevel ? 1 : 1000, Integer::sum);
                } else {
                    writtenArrays.add(a.target().var());
                }
                checkExpr(a.value());
            }
            case Decl d -> {
                if (d.var().isArray()) {
                    privateArrays.add(d.var());
                } else {
                    assignedScalars.add(d.var());
                    definitionCount.merge(d.var(), topLevel ? 1 : 1000, Integer::sum);
                }
                if (d.init() != null) {
                    checkExpr(d.init());
                }
            }
            case If i -> {
                checkExpr(i.cond());
                prepass(i.then(), false);
                if (i.otherwise() != null) {
                    prepass(i.otherwise(), false);
                }
            }
            case For f -> {
                assignedScalars.add(f.counter());
                definitionCount.merge(f.counter(), 1000, Integer::sum);
                if (f.isParallel()) {
                    m.unsupported = "a nested parallel loop is not analysed";
                }
                prepass(f.body(), false);
            }
            case CallStmt c -> m.unsupported = "the call of " + c.call().name()
                    + " inside the loop may touch shared arrays the analysis cannot see";
            case Return r -> m.unsupported = "a return inside the loop is not analysed";
        }
    }

    private void checkExpr(Expr e) {
        ExprWalk.forEach(e, x -> {
            if (x instanceof Call c) {
                for (Expr a : c.args()) {
                    if (a instanceof VarRef v && v.var().isArray()) {
                        m.unsupported = "the array " + v.var().name() + " is passed to " + c.name()
                                + ", which the analysis cannot see into";
                    }
                }
            }
        });
    }

    // ---- statements ---------------------------------------------------------------------

    private void walk(Stmt s, Formula guard, Map<Variable, Term> env) {
        if (!(s instanceof Block)) {
            // Opaque values are shared by the evaluations of one node within one statement only.
            opaque.clear();
            opaqueCond.clear();
        }
        switch (s) {
            case Block b -> {
                for (Stmt x : b.stmts()) {
                    walk(x, guard, env);
                }
            }
            case Assign a -> assign(a, guard, env);
            case Decl d -> {
                if (d.init() != null) {
                    recordReads(d.init(), guard, env);
                    if (d.var().isFloating()) {
                        adjointIncrements(d.init(), null);
                    }
                    if (d.var().isScalar()) {
                        define(d.var(), d.init(), Assign.Op.SET, env);
                    }
                } else if (d.var().isScalar()) {
                    env.put(d.var(), instance(d.var()));
                }
            }
            case If i -> {
                recordReads(i.cond(), guard, env);
                Formula c = cond(i.cond(), env);
                Map<Variable, Term> thenEnv = new HashMap<>(env);
                Map<Variable, Term> elseEnv = new HashMap<>(env);
                depth++;
                walk(i.then(), Logic.and(guard, c), thenEnv);
                if (i.otherwise() != null) {
                    walk(i.otherwise(), Logic.and(guard, Logic.not(c)), elseEnv);
                }
                depth--;
                Set<Variable> vars = new LinkedHashSet<>(thenEnv.keySet());
                vars.addAll(elseEnv.keySet());
                for (Variable v : vars) {
                    Term t = thenEnv.get(v);
                    Term e = elseEnv.get(v);
                    env.put(v, t != null && t.equals(e) ? t : instance(v));
                }
            }
            case For f -> innerLoop(f, guard, env);
            case CallStmt c -> throw new IllegalStateException("rejected by the pre-pass");
            case Return r -> throw new IllegalStateException("rejected by the pre-pass");
        }
    }

    private void assign(Assign a, Formula guard, Map<Variable, Term> env) {
        recordReads(a.value(), guard, env);
        if (a.target() instanceof ArrayRef t) {
            for (Expr i : t.indices()) {
                recordReads(i, guard, env);
            }
            PrimalRef w = addRef(t, true, guard, env);
            if (!t.var().isFloating()) {
                return;
            }
            ArrayRef self = null;
            if (w != null && active.contains(t.var())) {
                String text = ExprText.renamed(t, adjointName.apply(t.var().name()));
                boolean increment = a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
                if (!increment && a.op() == Assign.Op.SET) {
                    self = selfTerm(t, a.value());
                    increment = self != null;
                }
                m.adjointRefs.add(new AdjointRef(w, AdjointKind.READ, text));
                if (!increment) {
                    m.adjointRefs.add(new AdjointRef(w, AdjointKind.WRITE, text));
                }
            }
            adjointIncrements(a.value(), self);
        } else {
            VarRef v = (VarRef) a.target();
            if (v.var().isFloating()) {
                adjointIncrements(a.value(), null);
            }
            define(v.var(), a.value(), a.op(), env);
        }
    }

    /** The occurrence of {@code target} that makes {@code target = target + e} an increment, or null. */
    private static ArrayRef selfTerm(ArrayRef target, Expr value) {
        List<Expr> plus = new ArrayList<>();
        List<Expr> minus = new ArrayList<>();
        additiveTerms(value, true, plus, minus);
        ArrayRef self = null;
        for (Expr e : plus) {
            if (e.equals(target)) {
                if (self != null) {
                    return null;
                }
                self = (ArrayRef) e;
            }
        }
        for (Expr e : minus) {
            if (e.equals(target)) {
                return null;
            }
        }
        return self;
    }

    private static void additiveTerms(Expr e, boolean positive, List<Expr> plus, List<Expr> minus) {
        if (e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            additiveTerms(b.left(), positive, plus, minus);
            additiveTerms(b.right(), b.op() == Binary.Op.ADD ? positive : !positive, plus, minus);
        } else {
            (positive ? plus : minus).add(e);
        }
    }

    /** Every read of an active array in a differentiated value becomes an adjoint increment. */
    private void adjointIncrements(Expr value, ArrayRef self) {
        ExprWalk.forEachOutsideIndices(value, x -> {
            if (x instanceof ArrayRef r && r != self && active.contains(r.var())) {
                PrimalRef p = refOf.get(r);
                if (p != null) {
                    m.adjointRefs.add(new AdjointRef(p, AdjointKind.INCREMENT,
                            ExprText.renamed(r, adjointName.apply(r.var().name()))));
                }
            }
        });
    }

    private void define(Variable v, Expr value, Assign.Op op, Map<Variable, Term> env) {
        Term t = null;
        if (v.type().isInteger() && isIntegral(value)) {
            Term rhs = eval(value, env);
            Term old = op == Assign.Op.SET ? null : eval(new VarRef(v), env);
            t = switch (op) {
                case SET -> rhs;
                case ADD -> Logic.add(old, rhs);
                case SUB -> Logic.sub(old, rhs);
                case MUL -> Logic.mul(old, rhs);
                case DIV -> Logic.app("/", old, rhs);
            };
        }
        if (t == null) {
            t = instance(v);
        }
        env.put(v, t);
        if (depth == 0 && innerLoops.isEmpty() && definitionCount.getOrDefault(v, 0) == 1) {
            topLevelDefinition.put(v, t);
        }
    }

    private void innerLoop(For f, Formula guard, Map<Variable, Term> env) {
        recordReads(f.lower(), guard, env);
        recordReads(f.bound(), guard, env);
        Set<Variable> bodyScalars = new LinkedHashSet<>();
        Set<Variable> bodyArrays = new LinkedHashSet<>();
        scalarsAndArraysWritten(f.body(), bodyScalars, bodyArrays);
        Long step = f.constantStep();
        Set<Variable> boundVars = new LinkedHashSet<>();
        ExprWalk.forEach(f.bound(), x -> {
            if (x instanceof LValue lv) {
                boundVars.add(lv.var());
            }
        });
        boolean regular = step != null && step != 0 && !bodyScalars.contains(f.counter())
                && boundVars.stream().noneMatch(v -> bodyScalars.contains(v) || writtenArrays.contains(v));
        if (!regular) {
            m.unsupported = "the inner loop over " + f.counter().name()
                    + " changes its counter or bound inside its body, or has a non-constant step";
            return;
        }
        int id = ++loopIds;
        String jName = f.counter().name() + "@" + id;
        m.sideVars.add(jName);
        m.display.put(jName, f.counter().name());
        m.innerCounters.put(id, jName);
        Term j = Logic.var(jName);
        Formula range = null;
        if (useBounds) {
            range = rangeFormula(j, eval(f.lower(), env), f.cmp(), eval(f.bound(), env), step);
        }
        if (range == null) {
            String g = "loop@" + id;
            m.sideVars.add(g);
            m.display.put(g, "(loop over " + f.counter().name() + " runs)");
            range = Logic.boolVar(g);
        }
        Map<Variable, Term> bodyEnv = new HashMap<>(env);
        for (Variable v : bodyScalars) {
            bodyEnv.put(v, instance(v));
        }
        bodyEnv.put(f.counter(), j);
        innerLoops.add(id);
        walk(f.body(), Logic.and(guard, range), bodyEnv);
        innerLoops.remove(innerLoops.size() - 1);
        for (Variable v : bodyScalars) {
            env.put(v, instance(v));
        }
        env.put(f.counter(), instance(f.counter()));
    }

    private static void scalarsAndArraysWritten(Stmt s, Set<Variable> scalars, Set<Variable> arrays) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> scalarsAndArraysWritten(x, scalars, arrays));
            case Assign a -> (a.target() instanceof VarRef ? scalars : arrays).add(a.target().var());
            case Decl d -> scalars.add(d.var());
            case If i -> {
                scalarsAndArraysWritten(i.then(), scalars, arrays);
                if (i.otherwise() != null) {
                    scalarsAndArraysWritten(i.otherwise(), scalars, arrays);
                }
            }
            case For f -> {
                scalars.add(f.counter());
                scalarsAndArraysWritten(f.body(), scalars, arrays);
            }
            default -> {
            }
        }
    }

    /** {@code x} runs over {@code lower, lower+step, ...} while {@code x cmp bound}; null when unclear. */
    static Formula rangeFormula(Term x, Term lower, Binary.Op cmp, Term bound, long step) {
        Formula r;
        if (step > 0 && cmp == Binary.Op.LT) {
            r = Logic.and(Logic.le(lower, x), Logic.lt(x, bound));
        } else if (step > 0 && cmp == Binary.Op.LE) {
            r = Logic.and(Logic.le(lower, x), Logic.le(x, bound));
        } else if (step < 0 && cmp == Binary.Op.GT) {
            r = Logic.and(Logic.lt(bound, x), Logic.le(x, lower));
        } else if (step < 0 && cmp == Binary.Op.GE) {
            r = Logic.and(Logic.le(bound, x), Logic.le(x, lower));
        } else {
            return null;
        }
        long s = Math.abs(step);
        if (s > 1) {
            r = Logic.and(r, Logic.eq(Logic.mod(Logic.sub(x, lower), s), Logic.num(0)));
        }
        return r;
    }

    // ---- references ---------------------------------------------------------------------

    /** Records every shared array read in {@code e}, with short-circuit guards. */
    private void recordReads(Expr e, Formula guard, Map<Variable, Term> env) {
        switch (e) {
            case ArrayRef a -> {
                for (Expr i : a.indices()) {
                    recordReads(i, guard, env);
                }
                addRef(a, false, guard, env);
            }
            case Binary b when b.op() == Binary.Op.AND -> {
                recordReads(b.left(), guard, env);
                recordReads(b.right(), Logic.and(guard, cond(b.left(), env)), env);
            }
            case Binary b when b.op() == Binary.Op.OR -> {
                recordReads(b.left(), guard, env);
                recordReads(b.right(), Logic.and(guard, Logic.not(cond(b.left(), env))), env);
            }
            case Binary b -> {
                recordReads(b.left(), guard, env);
                recordReads(b.right(), guard, env);
            }
            case Cond c -> {
                recordReads(c.cond(), guard, env);
                Formula k = cond(c.cond(), env);
                recordReads(c.then(), Logic.and(guard, k), env);
                recordReads(c.otherwise(), Logic.and(guard, Logic.not(k)), env);
            }
            case Unary u -> recordReads(u.operand(), guard, env);
            case Cast c -> recordReads(c.operand(), guard, env);
            case Call c -> c.args().forEach(x -> recordReads(x, guard, env));
            default -> {
            }
        }
    }

    private PrimalRef addRef(ArrayRef a, boolean write, Formula guard, Map<Variable, Term> env) {
        if (!isShared(a.var())) {
            return null;
        }
        List<Term> index = a.indices().stream().map(i -> eval(i, env)).toList();
        PrimalRef p = new PrimalRef(m.refs.size(), a, a.var(), write, guard, index, List.copyOf(innerLoops));
        m.refs.add(p);
        refOf.put(a, p);
        return p;
    }

    private boolean isShared(Variable v) {
        return v.isArray() && !privateArrays.contains(v) && !m.loop.omp().isPrivate(v);
    }

    // ---- terms --------------------------------------------------------------------------

    private Term eval(Expr e, Map<Variable, Term> env) {
        return switch (e) {
            case IntLit l -> Logic.num(l.value());
            case VarRef v -> {
                Variable x = v.var();
                if (x.equals(m.counter)) {
                    yield Logic.var(m.counterVar());
                }
                Term t = env.get(x);
                if (t != null) {
                    yield t;
                }
                yield x.isScalar() && x.type().isInteger() ? shared(x) : opaque(e);
            }
            case ArrayRef a -> {
                if (a.var().type().isInteger() && isShared(a.var()) && !writtenArrays.contains(a.var())) {
                    Term t = Logic.app(a.var().name(), a.indices().stream().map(i -> eval(i, env)).toList());
                    m.atomText.putIfAbsent(t, ExprText.of(a));
                    yield t;
                }
                yield opaque(e);
            }
            case Binary b -> switch (b.op()) {
                case ADD -> Logic.add(eval(b.left(), env), eval(b.right(), env));
                case SUB -> Logic.sub(eval(b.left(), env), eval(b.right(), env));
                case MUL -> Logic.mul(eval(b.left(), env), eval(b.right(), env));
                // C truncates; any deterministic function is sound for "equal or not".
                case DIV -> Logic.app("/", eval(b.left(), env), eval(b.right(), env));
                case MOD -> Logic.app("%", eval(b.left(), env), eval(b.right(), env));
                default -> opaque(e);
            };
            case Unary u when u.op() == Unary.Op.NEG -> Logic.neg(eval(u.operand(), env));
            case Cast c when c.type().isInteger() && isIntegral(c.operand()) -> eval(c.operand(), env);
            default -> opaque(e);
        };
    }

    private Formula cond(Expr e, Map<Variable, Term> env) {
        if (e instanceof Binary b) {
            switch (b.op()) {
                case AND:
                    return Logic.and(cond(b.left(), env), cond(b.right(), env));
                case OR:
                    return Logic.or(cond(b.left(), env), cond(b.right(), env));
                default:
                    if (b.op().isComparison() && isIntegral(b.left()) && isIntegral(b.right())) {
                        Term l = eval(b.left(), env);
                        Term r = eval(b.right(), env);
                        return switch (b.op()) {
                            case LT -> Logic.lt(l, r);
                            case LE -> Logic.le(l, r);
                            case GT -> Logic.lt(r, l);
                            case GE -> Logic.le(r, l);
                            case EQ -> Logic.eq(l, r);
                            default -> Logic.ne(l, r);
                        };
                    }
            }
        }
        if (e instanceof Unary u && u.op() == Unary.Op.NOT) {
            return Logic.not(cond(u.operand(), env));
        }
        if (isIntegral(e)) {
            return Logic.ne(eval(e, env), Logic.num(0));
        }
        return opaqueCond.computeIfAbsent(e, x -> {
            String name = "cond@" + (++fresh);
            m.sideVars.add(name);
            m.display.put(name, "(" + ExprText.of(x) + ")");
            return Logic.boolVar(name);
        });
    }

    static boolean isIntegral(Expr e) {
        return switch (e) {
            case IntLit l -> true;
            case RealLit r -> false;
            case LValue lv -> lv.var().type().isInteger();
            case Binary b -> b.op().isBoolean() || isIntegral(b.left()) && isIntegral(b.right());
            case Unary u -> u.op() == Unary.Op.NOT || isIntegral(u.operand());
            case Cast c -> c.type().isInteger();
            case Cond c -> isIntegral(c.then()) && isIntegral(c.otherwise());
            case Call c -> false;
        };
    }

    private Term shared(Variable v) {
        m.sharedVars.add(v.name());
        return Logic.var(v.name());
    }

    /** A fresh value of {@code v} at a definition point the analysis cannot express. */
    private Term instance(Variable v) {
        String name = v.name() + "." + (++fresh);
        m.sideVars.add(name);
        m.display.put(name, v.name());
        Term t = Logic.var(name);
        m.atomText.put(t, v.name());
        return t;
    }

    /** The value of an expression the analysis cannot express, one per occurrence and iteration. */
    private Term opaque(Expr e) {
        return opaque.computeIfAbsent(e, x -> {
            String name = "?" + (++fresh);
            m.sideVars.add(name);
            String text = ExprText.of(x);
            m.display.put(name, text);
            Term t = Logic.var(name);
            m.atomText.put(t, text);
            return t;
        });
    }

    // ---- knowledge ----------------------------------------------------------------------

    /**
     * For every shared array, every two references with at least one write (references with the
     * same index, guard and inner loops count once, as a write if any of them is one).
     */
    private void extractFacts() {
        Map<List<Object>, PrimalRef> classes = new java.util.LinkedHashMap<>();
        for (PrimalRef r : m.refs) {
            List<Object> key = List.of(r.array(), r.guard(), r.index(), r.innerLoops());
            PrimalRef c = classes.get(key);
            if (c == null || r.write() && !c.write()) {
                classes.put(key, r);
            }
        }
        List<PrimalRef> reps = List.copyOf(classes.values());
        Map<PrimalRef, Formula> primedGuard = new IdentityHashMap<>();
        Map<PrimalRef, List<Term>> primedIndex = new IdentityHashMap<>();
        for (PrimalRef r : reps) {
            primedGuard.put(r, m.prime(r.guard()));
            primedIndex.put(r, m.prime(r.index()));
        }
        Set<Formula> seen = new LinkedHashSet<>();
        for (PrimalRef a : reps) {
            for (PrimalRef b : reps) {
                if (!a.array().equals(b.array()) || !(a.write() || b.write())
                        || a.index().size() != b.index().size()) {
                    continue;
                }
                Formula guard = Logic.and(a.guard(), primedGuard.get(b));
                List<Term> right = primedIndex.get(b);
                Formula f = Logic.implies(guard, Logic.tupleNe(a.index(), right));
                if (f.equals(Logic.TRUE) || !seen.add(f)) {
                    continue;
                }
                m.facts.add(new Fact(f, a, b, a.array().name(), guard, a.index(), right));
            }
        }
    }

    private void disjointFacts(For loop, Map<Variable, Term> entry) {
        Map<Variable, Term> env = new HashMap<>(entry);
        env.putAll(topLevelDefinition);
        for (AdPragma p : loop.pragmas()) {
            if (p instanceof AdPragma.Disjoint d) {
                for (Expr e : d.expressions()) {
                    Term t = eval(e, env);
                    Formula f = Logic.ne(t, m.prime(t));
                    if (!f.equals(Logic.TRUE)) {
                        m.facts.add(new Fact(f, null, null, "disjoint(" + ExprText.of(e) + ")", Logic.TRUE, List.of(t),
                                List.of(m.prime(t))));
                    }
                }
            }
        }
    }
}
