package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

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
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.internal.LoopModel.AdjointKind;
import org.paradjoint.race.internal.LoopModel.AdjointRef;
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
 * <p>
 * The walk is here; what the body writes comes first from {@link LoopPrepass}, the symbolic
 * values of expressions from {@link LoopTerms}, and the facts over the recorded references from
 * {@link LoopKnowledge}.
 */
public final class LoopExtractor {

    private final LoopModel m;
    private final Set<Variable> active;
    private final boolean useBounds;
    /** Primal array name -> adjoint name, for texts. */
    private final UnaryOperator<String> adjointName;

    private final LoopPrepass pre;
    private final LoopTerms terms;
    private final Map<Variable, Term> topLevelDefinition = new HashMap<>();
    private final IdentityHashMap<ArrayRef, PrimalRef> refOf = new IdentityHashMap<>();
    private final List<Integer> innerLoops = new ArrayList<>();
    private int loopIds;
    private int depth;

    private final List<For> enclosing;
    /** The loops {@code collapse(d)} joins to the parallel loop (walked as inner loops, outer first). */
    private List<For> collapsed = List.of();

    private LoopExtractor(For loop, List<For> enclosing, Set<Variable> active, boolean useBounds,
            UnaryOperator<String> adjointName) {
        this.m = new LoopModel(loop);
        this.enclosing = enclosing;
        this.active = active;
        this.useBounds = useBounds;
        this.adjointName = adjointName;
        this.pre = new LoopPrepass(m);
        this.terms = new LoopTerms(m, pre.writtenArrays, this::isShared);
    }

    /** As {@link #extract(For, Set, boolean, UnaryOperator)}, every adjoint named with {@code adjointSuffix}. */
    public static LoopModel extract(For loop, Set<Variable> active, boolean useBounds, String adjointSuffix) {
        return extract(loop, active, useBounds, name -> name + adjointSuffix);
    }

    public static LoopModel extract(For loop, Set<Variable> active, boolean useBounds,
            UnaryOperator<String> adjointName) {
        return extract(loop, List.of(), active, useBounds, adjointName);
    }

    /** As above, {@code enclosing} being the sequential loops around {@code loop} (outermost first). */
    public static LoopModel extract(For loop, List<For> enclosing, Set<Variable> active, boolean useBounds,
            UnaryOperator<String> adjointName) {
        LoopExtractor x = new LoopExtractor(loop, enclosing, active, useBounds, adjointName);
        x.run();
        return x.m;
    }

    private void run() {
        For loop = m.loop;
        m.sideVars.add(m.counterVar());
        m.display.put(m.counterVar(), m.counterVar());
        collapsed = collapsedLoops(loop);
        if (collapsed == null) {
            m.unsupported = "collapse(" + loop.omp().collapse() + ") needs " + loop.omp().collapse()
                    + " perfectly nested loops";
            return;
        }
        pre.scan(loop.body(), true);
        for (Variable v : loop.omp().privates()) {
            if (v.isArray()) {
                pre.privateArrays.add(v);
            }
        }
        for (Variable v : loop.omp().firstprivates()) {
            if (v.isArray()) {
                pre.privateArrays.add(v);
            }
        }
        if (pre.assignedScalars.contains(m.counter)) {
            m.unsupported = "the loop body assigns the parallel loop's counter " + m.counterVar();
        }
        if (m.unsupported != null) {
            return;
        }
        // The range is evaluated before the loop runs: every scalar is its loop-invariant value.
        Map<Variable, Term> outer = new HashMap<>();
        Term lower = terms.eval(loop.lower(), outer);
        Term bound = terms.eval(loop.bound(), outer);
        Long step = loop.constantStep();
        if (step != null && step != 0) {
            m.range = LoopTerms.rangeFormula(Logic.var(m.counterVar()), lower, loop.cmp(), bound, step);
            m.stride = Math.abs(step);
            m.span = switch (loop.cmp()) {
                case LT -> step > 0 ? Logic.sub(bound, lower) : null;
                case LE -> step > 0 ? Logic.add(Logic.sub(bound, lower), Logic.num(1)) : null;
                case GT -> step < 0 ? Logic.sub(lower, bound) : null;
                case GE -> step < 0 ? Logic.add(Logic.sub(lower, bound), Logic.num(1)) : null;
                default -> null;
            };
        }
        // A scalar the body assigns is unknown when an iteration starts, firstprivate ones included:
        // a firstprivate copy carries what the thread's previous iteration left in it.
        Map<Variable, Term> env = new HashMap<>();
        for (Variable v : pre.assignedScalars) {
            if (!v.equals(m.counter)) {
                env.put(v, terms.instance(v));
            }
        }
        for (Variable v : loop.omp().privates()) {
            if (v.isScalar() && !v.equals(m.counter) && !env.containsKey(v)) {
                env.put(v, terms.instance(v));
            }
        }
        enclosingLoops(outer);
        Map<Variable, Term> entry = new HashMap<>(env);
        walk(loop.body(), Logic.TRUE, env);
        LoopKnowledge.referencePairs(m);
        Map<Variable, Term> atEntry = new HashMap<>(entry);
        atEntry.putAll(topLevelDefinition);
        LoopKnowledge.disjointAnnotations(m, loop, atEntry, terms);
    }

    /**
     * The d - 1 loops below {@code loop} that its {@code collapse(d)} joins: each the only statement
     * of the body above it. Null when the nest is not perfect that deep.
     */
    private static List<For> collapsedLoops(For loop) {
        List<For> out = new ArrayList<>();
        For at = loop;
        for (int level = 1; level < loop.omp().collapse(); level++) {
            List<Stmt> body = at.body().stmts().stream().filter(s -> !(s instanceof Decl)).toList();
            if (body.size() != 1 || !(body.get(0) instanceof For inner)) {
                return null;
            }
            out.add(inner);
            at = inner;
        }
        return out;
    }

    /**
     * The counters and ranges of the sequential loops around the parallel loop, for the check of
     * the primal's parallelism; a counter the parallel loop assigns is not loop-invariant and is left out.
     */
    private void enclosingLoops(Map<Variable, Term> outer) {
        for (For f : enclosing) {
            if (f.isParallel() || pre.assignedScalars.contains(f.counter()) || f.counter().equals(m.counter)
                    || !f.counter().type().isInteger()) {
                continue;
            }
            m.enclosingCounters.add(f.counter().name());
            Long step = f.constantStep();
            if (step != null && step != 0) {
                Formula r = LoopTerms.rangeFormula(terms.shared(f.counter()), terms.eval(f.lower(), outer), f.cmp(),
                        terms.eval(f.bound(), outer), step);
                if (r != null) {
                    m.enclosingRange = Logic.and(m.enclosingRange, r);
                }
            }
        }
    }

    // ---- statements ---------------------------------------------------------------------

    private void walk(Stmt s, Formula guard, Map<Variable, Term> env) {
        if (!(s instanceof Block)) {
            terms.newStatement();
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
                    env.put(d.var(), terms.instance(d.var()));
                }
            }
            case If i -> {
                recordReads(i.cond(), guard, env);
                Formula c = terms.cond(i.cond(), env);
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
                    env.put(v, t != null && t.equals(e) ? t : terms.instance(v));
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
        if (v.type().isInteger() && LoopTerms.isIntegral(value)) {
            Term rhs = terms.eval(value, env);
            Term old = op == Assign.Op.SET ? null : terms.eval(new VarRef(v), env);
            t = switch (op) {
                case SET -> rhs;
                case ADD -> Logic.add(old, rhs);
                case SUB -> Logic.sub(old, rhs);
                case MUL -> Logic.mul(old, rhs);
                case DIV -> Logic.app("/", old, rhs);
            };
        }
        if (t == null) {
            t = terms.instance(v);
        }
        env.put(v, t);
        if (depth == 0 && innerLoops.isEmpty() && pre.definitionCount.getOrDefault(v, 0) == 1) {
            topLevelDefinition.put(v, t);
        }
    }

    private void innerLoop(For f, Formula guard, Map<Variable, Term> env) {
        recordReads(f.lower(), guard, env);
        recordReads(f.bound(), guard, env);
        Set<Variable> bodyScalars = new LinkedHashSet<>();
        Set<Variable> bodyArrays = new LinkedHashSet<>();
        LoopPrepass.scalarsAndArraysWritten(f.body(), bodyScalars, bodyArrays);
        Long step = f.constantStep();
        Set<Variable> boundVars = new LinkedHashSet<>();
        ExprWalk.forEach(f.bound(), x -> {
            if (x instanceof LValue lv) {
                boundVars.add(lv.var());
            }
        });
        boolean regular = step != null && step != 0 && !bodyScalars.contains(f.counter())
                && boundVars.stream().noneMatch(v -> bodyScalars.contains(v) || pre.writtenArrays.contains(v));
        if (!regular) {
            m.unsupported = "the inner loop over " + f.counter().name()
                    + " changes its counter or bound inside its body, or has a non-constant step";
            return;
        }
        int id = ++loopIds;
        String jName = f.counter().name() + "@" + id;
        if (collapsed.stream().anyMatch(c -> c == f)) {
            m.collapsedCounters.add(jName);
        }
        m.sideVars.add(jName);
        m.display.put(jName, f.counter().name());
        m.innerCounters.put(id, jName);
        Term j = Logic.var(jName);
        Formula range = null;
        if (useBounds) {
            range = LoopTerms.rangeFormula(j, terms.eval(f.lower(), env), f.cmp(), terms.eval(f.bound(), env), step);
        }
        if (range == null) {
            String g = "loop@" + id;
            m.sideVars.add(g);
            m.display.put(g, "(loop over " + f.counter().name() + " runs)");
            range = Logic.boolVar(g);
        }
        Map<Variable, Term> bodyEnv = new HashMap<>(env);
        for (Variable v : bodyScalars) {
            bodyEnv.put(v, terms.instance(v));
        }
        bodyEnv.put(f.counter(), j);
        innerLoops.add(id);
        walk(f.body(), Logic.and(guard, range), bodyEnv);
        innerLoops.remove(innerLoops.size() - 1);
        for (Variable v : bodyScalars) {
            env.put(v, terms.instance(v));
        }
        env.put(f.counter(), terms.instance(f.counter()));
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
                recordReads(b.right(), Logic.and(guard, terms.cond(b.left(), env)), env);
            }
            case Binary b when b.op() == Binary.Op.OR -> {
                recordReads(b.left(), guard, env);
                recordReads(b.right(), Logic.and(guard, Logic.not(terms.cond(b.left(), env))), env);
            }
            case Binary b -> {
                recordReads(b.left(), guard, env);
                recordReads(b.right(), guard, env);
            }
            case Cond c -> {
                recordReads(c.cond(), guard, env);
                Formula k = terms.cond(c.cond(), env);
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
        List<Term> index = a.indices().stream().map(i -> terms.eval(i, env)).toList();
        PrimalRef p = new PrimalRef(m.refs.size(), a, a.var(), write, guard, index, List.copyOf(innerLoops));
        m.refs.add(p);
        refOf.put(a, p);
        return p;
    }

    private boolean isShared(Variable v) {
        return v.isArray() && !pre.privateArrays.contains(v) && !m.loop.omp().isPrivate(v);
    }
}
