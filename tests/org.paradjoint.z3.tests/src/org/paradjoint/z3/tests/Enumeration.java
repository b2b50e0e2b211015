package org.paradjoint.z3.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Executes every iteration of a {@link RandomLoops} loop on its concrete inputs and records
 * what each iteration touches: the primal references (to reject loops whose primal races) and
 * the adjoint references by the rules of reverse mode (a primal read of an active array is an
 * adjoint increment; an increment {@code y[e] = y[e] + ...} reads {@code yb[e]}; an overwrite
 * reads and zeroes {@code yb[e]}). Independent of the analysis' code. A loop with a carried
 * {@code firstprivate} runs under several static schedules (1, 2 and 3 threads), each thread's copy
 * starting from the entry value; two iterations collide when they do in one of those runs.
 */
final class Enumeration {

    enum Kind {
        INCREMENT, READ, WRITE
    }

    record Touch(int run, long iteration, Variable array, List<Long> element, Kind kind, ArrayRef node) {
    }

    static final class OutOfRange extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private final RandomLoops g;
    private final Map<Variable, long[]> ints = new HashMap<>();
    private final List<Touch> primal = new ArrayList<>();
    final List<Touch> adjoint = new ArrayList<>();
    private final IdentityHashMap<ArrayRef, List<Long>> lastIndex = new IdentityHashMap<>();
    private Map<Variable, Long> env;
    private long iteration;
    private int run;
    final List<Long> iterations = new ArrayList<>();

    Enumeration(RandomLoops g) {
        this.g = g;
        ints.put(g.p, g.pValues);
        ints.put(g.q, g.qValues);
    }

    /** Runs all iterations; false when an index leaves the arrays (the sample is discarded). */
    boolean run() {
        For f = g.loop;
        long lower = ((IntLit) f.lower()).value();
        long bound = f.bound() instanceof IntLit l ? l.value() : g.nValue;
        long step = f.constantStep();
        for (long it = lower; it < bound; it += step) {
            iterations.add(it);
        }
        try {
            for (int threads = 1; threads <= (g.carry ? 3 : 1); threads++) {
                run = threads;
                runStatic(threads);
            }
            return true;
        } catch (OutOfRange e) {
            return false;
        }
    }

    /** All iterations in contiguous chunks, one per thread, the carried copy starting afresh per chunk. */
    private void runStatic(int threads) {
        ints.put(g.w, new long[RandomLoops.SIZE]);
        int chunk = (iterations.size() + threads - 1) / threads;
        for (int first = 0; first < iterations.size(); first += chunk) {
            long carried = g.cValue;
            for (long it : iterations.subList(first, Math.min(iterations.size(), first + chunk))) {
                iteration = it;
                env = new HashMap<>();
                env.put(g.i, it);
                env.put(g.k, 0L);
                env.put(g.m, 0L);
                env.put(g.c, carried);
                exec(g.loop.body());
                carried = env.get(g.c);
            }
        }
    }

    /** True when two iterations touch one element and one of them writes it, or a disjoint pragma lies. */
    boolean primalRaces() {
        Map<List<Object>, Set<Long>> writers = new HashMap<>();
        Map<List<Object>, Set<Long>> users = new HashMap<>();
        for (Touch t : primal) {
            List<Object> key = List.of(t.run(), t.array(), t.element());
            users.computeIfAbsent(key, x -> new HashSet<>()).add(t.iteration());
            if (t.kind() == Kind.WRITE) {
                writers.computeIfAbsent(key, x -> new HashSet<>()).add(t.iteration());
            }
        }
        for (Map.Entry<List<Object>, Set<Long>> e : writers.entrySet()) {
            Set<Long> all = users.get(e.getKey());
            if (all.size() > 1) {
                return true;
            }
        }
        for (var pr : g.loop.pragmas()) {
            if (pr instanceof org.paradjoint.core.ir.AdPragma.Disjoint d) {
                for (Expr e : d.expressions()) {
                    Set<Long> seen = new HashSet<>();
                    for (long it : iterations) {
                        env = new HashMap<>();
                        env.put(g.i, it);
                        if (!seen.add(evalInt(e))) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Iterations in which {@code node}'s increment meets another iteration's adjoint reference. */
    String collision(ArrayRef node) {
        Map<List<Object>, Set<Long>> touched = new HashMap<>();
        for (Touch t : adjoint) {
            touched.computeIfAbsent(List.of(t.run(), t.array(), t.element()), x -> new HashSet<>())
                    .add(t.iteration());
        }
        for (Touch t : adjoint) {
            if (t.node() == node && t.kind() == Kind.INCREMENT) {
                for (long other : touched.get(List.of(t.run(), t.array(), t.element()))) {
                    if (other != t.iteration()) {
                        return "iterations " + t.iteration() + " and " + other + " touch " + t.array().name() + "b"
                                + t.element() + (g.carry ? " with " + t.run() + " thread(s)" : "");
                    }
                }
            }
        }
        return null;
    }

    // ---- execution ----------------------------------------------------------------------

    private void exec(Stmt s) {
        switch (s) {
            case Block b -> b.stmts().forEach(this::exec);
            case Assign a -> assign(a);
            case If i -> {
                if (evalCond(i.cond())) {
                    exec(i.then());
                } else if (i.otherwise() != null) {
                    exec(i.otherwise());
                }
            }
            case For f -> {
                long lo = evalInt(f.lower());
                for (long jv = lo; jv < evalInt(f.bound()); jv += f.constantStep()) {
                    env.put(f.counter(), jv);
                    exec(f.body());
                }
            }
            default -> throw new IllegalStateException(s.toString());
        }
    }

    private void assign(Assign a) {
        if (a.target() instanceof VarRef v) {
            if (v.var().type().isInteger()) {
                env.put(v.var(), evalInt(a.value()));
            } else {
                evalReal(a.value());
            }
            return;
        }
        ArrayRef target = (ArrayRef) a.target();
        long intValue = 0;
        if (target.var().type().isInteger()) {
            intValue = evalInt(a.value());
        } else {
            evalReal(a.value());
        }
        List<Long> idx = indices(target);
        primal.add(new Touch(run, iteration, target.var(), idx, Kind.WRITE, target));
        if (target.var().type().isInteger()) {
            ints.get(target.var())[(int) (long) idx.get(0)] = intValue;
            return;
        }
        // reverse mode of this assignment
        boolean activeTarget = g.activeArrays.contains(target.var());
        ArrayRef self = null;
        if (activeTarget) {
            boolean increment = a.op() == Assign.Op.ADD;
            if (a.value() instanceof Binary b && b.op() == Binary.Op.ADD && g.selfTerms.contains(b.left())) {
                self = (ArrayRef) b.left();
                increment = true;
            }
            adjoint.add(new Touch(run, iteration, target.var(), idx, Kind.READ, target));
            if (!increment) {
                adjoint.add(new Touch(run, iteration, target.var(), idx, Kind.WRITE, target));
            }
        }
        ArrayRef skip = self;
        forEachRead(a.value(), r -> {
            if (r != skip && g.activeArrays.contains(r.var())) {
                adjoint.add(new Touch(run, iteration, r.var(), lastIndex.get(r), Kind.INCREMENT, r));
            }
        });
    }

    private static void forEachRead(Expr e, java.util.function.Consumer<ArrayRef> visit) {
        switch (e) {
            case ArrayRef r -> visit.accept(r);
            case Binary b -> {
                forEachRead(b.left(), visit);
                forEachRead(b.right(), visit);
            }
            default -> {
            }
        }
    }

    private List<Long> indices(ArrayRef r) {
        List<Long> idx = new ArrayList<>();
        for (int d = 0; d < r.indices().size(); d++) {
            long v = evalInt(r.indices().get(d));
            long limit = d == 0 ? RandomLoops.SIZE : 8;
            if (v < 0 || v >= limit) {
                throw new OutOfRange();
            }
            idx.add(v);
        }
        return idx;
    }

    private List<Long> read(ArrayRef r) {
        List<Long> idx = indices(r);
        primal.add(new Touch(run, iteration, r.var(), idx, Kind.READ, r));
        lastIndex.put(r, idx);
        return idx;
    }

    private long evalInt(Expr e) {
        return switch (e) {
            case IntLit l -> l.value();
            case VarRef v -> {
                if (v.var().equals(g.n)) {
                    yield g.nValue;
                }
                Long x = env.get(v.var());
                if (x == null) {
                    throw new IllegalStateException("undefined " + v.var());
                }
                yield x;
            }
            case ArrayRef r -> ints.get(r.var())[(int) (long) read(r).get(0)];
            case Binary b -> {
                long l = evalInt(b.left());
                long r = evalInt(b.right());
                yield switch (b.op()) {
                    case ADD -> l + r;
                    case SUB -> l - r;
                    case MUL -> l * r;
                    case DIV -> l / r;
                    case MOD -> l % r;
                    default -> throw new IllegalStateException(b.toString());
                };
            }
            default -> throw new IllegalStateException(e.toString());
        };
    }

    private double evalReal(Expr e) {
        return switch (e) {
            case RealLit r -> r.value();
            case IntLit l -> l.value();
            case VarRef v -> v.var().type().isInteger() ? evalInt(e) : 0.0;
            case ArrayRef r -> {
                List<Long> idx = read(r);
                yield r.var().equals(g.x) ? g.xValues[(int) (long) idx.get(0)] : 0.0;
            }
            case Binary b -> {
                double l = evalReal(b.left());
                double r = evalReal(b.right());
                yield switch (b.op()) {
                    case ADD -> l + r;
                    case SUB -> l - r;
                    case MUL -> l * r;
                    default -> throw new IllegalStateException(b.toString());
                };
            }
            default -> throw new IllegalStateException(e.toString());
        };
    }

    private boolean evalCond(Expr e) {
        Binary b = (Binary) e;
        return switch (b.op()) {
            case AND -> evalCond(b.left()) && evalCond(b.right());
            case OR -> evalCond(b.left()) || evalCond(b.right());
            default -> {
                boolean integral = !(b.right() instanceof RealLit);
                double l = integral ? evalInt(b.left()) : evalReal(b.left());
                double r = integral ? evalInt(b.right()) : evalReal(b.right());
                yield switch (b.op()) {
                    case LT -> l < r;
                    case LE -> l <= r;
                    case GT -> l > r;
                    case GE -> l >= r;
                    case EQ -> l == r;
                    case NE -> l != r;
                    default -> throw new IllegalStateException(b.toString());
                };
            }
        };
    }
}
