package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Which leading indices a function can use on each array parameter, as intervals, given the
 * values of its integer parameters and the value ranges of its index arrays. Flow-insensitive
 * except for loop counters: an integer local ranges over the union of everything assigned to it
 * (a fixed point with widening settles locals that feed themselves), while inside a loop its
 * counter ranges over that loop's bounds only. Used to size arrays
 * whose leading extent the declarations leave open (the documented default of {@code --extent}).
 */
final class IndexBounds {

    /** Bounds beyond this magnitude mean "unbounded"; no real test array gets near it. */
    static final long INF = 1L << 50;

    /** A closed interval; {@code lo > hi} never occurs (empty is represented by null). */
    record Interval(long lo, long hi) {
        static final Interval TOP = new Interval(-INF, INF);

        static Interval of(long v) {
            return new Interval(clamp(v), clamp(v));
        }

        boolean bounded() {
            return lo > -INF && hi < INF;
        }

        Interval union(Interval o) {
            return o == null ? this : new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
        }
    }

    private final Function function;
    private final Map<String, Long> ints;
    private final Map<String, Interval> contents;
    private final Map<Variable, Interval> env = new HashMap<>();
    private final List<Def> defs = new ArrayList<>();

    /** An assignment to an integer scalar: {@code value} null means "anything". */
    private record Def(Variable var, Stmt site, Expr value) {
    }

    private IndexBounds(Function function, Map<String, Long> ints, Map<String, Interval> contents) {
        this.function = function;
        this.ints = ints;
        this.contents = contents;
    }

    /**
     * For every array parameter the function indexes, the interval of its leading index
     * ({@link Interval#TOP} when unbounded, e.g. passed whole to a call).
     */
    static Map<Variable, Interval> leadingIndices(Function f, Map<String, Long> ints, Map<String, Interval> contents) {
        IndexBounds b = new IndexBounds(f, ints, contents);
        b.collectDefs(f.body());
        b.solve();
        Map<Variable, Interval> out = new LinkedHashMap<>();
        b.collectRefs(f.body(), out);
        return out;
    }

    private void collectDefs(Stmt s) {
        switch (s) {
            case Block b -> b.stmts().forEach(this::collectDefs);
            case For f -> {
                defs.add(new Def(f.counter(), f, null));
                collectDefs(f.body());
            }
            case If i -> {
                collectDefs(i.then());
                if (i.otherwise() != null) {
                    collectDefs(i.otherwise());
                }
            }
            case Assign a -> {
                if (a.target() instanceof VarRef v && isIntScalar(v.var())) {
                    defs.add(new Def(v.var(), a, a.op() == Assign.Op.SET ? a.value() : null));
                }
            }
            case Decl d -> {
                if (isIntScalar(d.var()) && d.init() != null) {
                    defs.add(new Def(d.var(), d, d.init()));
                }
            }
            case CallStmt c -> { }
            case Return r -> { }
        }
    }

    private static boolean isIntScalar(Variable v) {
        return v.isScalar() && v.type().isInteger();
    }

    private void solve() {
        for (Variable p : function.params()) {
            Long v = ints.get(p.name());
            if (isIntScalar(p) && v != null) {
                env.put(p, Interval.of(v));
            }
        }
        Map<Variable, Interval> initial = new HashMap<>(env);
        for (int round = 0; round < 100; round++) {
            Map<Variable, Interval> next = new HashMap<>(initial);
            for (Def d : defs) {
                Interval v = d.site() instanceof For f ? counterRange(f) : d.value() == null ? Interval.TOP : eval(d.value());
                if (v != null) {
                    next.merge(d.var(), v, Interval::union);
                }
            }
            if (round >= 30) {
                for (Map.Entry<Variable, Interval> e : next.entrySet()) {
                    if (!Objects.equals(e.getValue(), env.get(e.getKey()))) {
                        e.setValue(Interval.TOP);
                    }
                }
            }
            if (next.equals(env)) {
                return;
            }
            env.clear();
            env.putAll(next);
        }
    }

    /** The values the counter takes inside the body; null when the loop provably never runs. */
    private Interval counterRange(For f) {
        Long step = f.constantStep();
        Interval lower = eval(f.lower());
        Interval bound = eval(f.bound());
        if (step == null || step == 0 || lower == null || bound == null) {
            return step == null || step == 0 ? Interval.TOP : null;
        }
        Interval r;
        if (step > 0) {
            r = switch (f.cmp()) {
                case LT, NE -> new Interval(lower.lo(), sub(bound.hi(), 1));
                case LE -> new Interval(lower.lo(), bound.hi());
                default -> Interval.TOP;
            };
        } else {
            r = switch (f.cmp()) {
                case GT, NE -> new Interval(add(bound.lo(), 1), lower.hi());
                case GE -> new Interval(bound.lo(), lower.hi());
                default -> Interval.TOP;
            };
        }
        return r.lo() > r.hi() ? null : r;
    }

    /** Interval of an integer expression; null when some variable has no value yet. */
    Interval eval(Expr e) {
        return switch (e) {
            case IntLit l -> Interval.of(l.value());
            case RealLit r -> Interval.TOP;
            case VarRef v -> v.var().isScalar() && v.var().type().isInteger() ? env.get(v.var()) : Interval.TOP;
            case ArrayRef a -> contents.getOrDefault(a.var().name(), Interval.TOP);
            case Unary u -> {
                Interval x = eval(u.operand());
                yield x == null ? null : u.op() == Unary.Op.NEG ? new Interval(neg(x.hi()), neg(x.lo())) : bool();
            }
            case Binary b -> binary(b);
            case Cast c -> c.type().isInteger() ? eval(c.operand()) : Interval.TOP;
            case Cond c -> {
                Interval t = eval(c.then());
                Interval o = eval(c.otherwise());
                yield t == null || o == null ? null : t.union(o);
            }
            case Call c -> Interval.TOP;
        };
    }

    private Interval binary(Binary b) {
        if (b.op().isBoolean()) {
            return bool();
        }
        Interval x = eval(b.left());
        Interval y = eval(b.right());
        if (x == null || y == null) {
            return null;
        }
        return switch (b.op()) {
            case ADD -> new Interval(add(x.lo(), y.lo()), add(x.hi(), y.hi()));
            case SUB -> new Interval(sub(x.lo(), y.hi()), sub(x.hi(), y.lo()));
            case MUL -> corners(x, y, IndexBounds::mul);
            case DIV -> !x.bounded() || !y.bounded() || (y.lo() <= 0 && y.hi() >= 0) ? Interval.TOP
                    : corners(x, y, (p, q) -> p / q);
            default -> y.lo() <= 0 ? Interval.TOP
                    : x.lo() >= 0 ? new Interval(0, Math.min(x.hi(), y.hi() - 1))
                            : new Interval(-(y.hi() - 1), y.hi() - 1);
        };
    }

    private static Interval bool() {
        return new Interval(0, 1);
    }

    private static Interval corners(Interval x, Interval y, java.util.function.LongBinaryOperator op) {
        long a = op.applyAsLong(x.lo(), y.lo()), b = op.applyAsLong(x.lo(), y.hi());
        long c = op.applyAsLong(x.hi(), y.lo()), d = op.applyAsLong(x.hi(), y.hi());
        return new Interval(Math.min(Math.min(a, b), Math.min(c, d)), Math.max(Math.max(a, b), Math.max(c, d)));
    }

    private static long clamp(long v) {
        return Math.max(-INF, Math.min(INF, v));
    }

    private static long add(long a, long b) {
        return clamp(a + b);
    }

    private static long sub(long a, long b) {
        return clamp(a - b);
    }

    private static long neg(long a) {
        return clamp(-a);
    }

    private static long mul(long a, long b) {
        double p = (double) a * (double) b;
        return Math.abs(p) >= INF ? (p < 0 ? -INF : INF) : a * b;
    }

    /** Records the leading index interval of every reference to an array parameter. */
    private void collectRefs(Stmt s, Map<Variable, Interval> out) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> collectRefs(x, out));
            case For f -> {
                refs(f.lower(), out);
                refs(f.bound(), out);
                Interval range = counterRange(f);
                if (range != null) {
                    // inside its own loop the counter takes this loop's values only
                    Interval outside = env.put(f.counter(), range);
                    collectRefs(f.body(), out);
                    if (outside == null) {
                        env.remove(f.counter());
                    } else {
                        env.put(f.counter(), outside);
                    }
                }
            }
            case If i -> {
                refs(i.cond(), out);
                collectRefs(i.then(), out);
                if (i.otherwise() != null) {
                    collectRefs(i.otherwise(), out);
                }
            }
            case Assign a -> {
                refs(a.target(), out);
                refs(a.value(), out);
            }
            case Decl d -> {
                if (d.init() != null) {
                    refs(d.init(), out);
                }
            }
            case CallStmt c -> refs(c.call(), out);
            case Return r -> {
                if (r.value() != null) {
                    refs(r.value(), out);
                }
            }
        }
    }

    private void refs(Expr e, Map<Variable, Interval> out) {
        switch (e) {
            case ArrayRef a -> {
                if (a.var().isParameter() && !a.indices().isEmpty()) {
                    Interval i = eval(a.indices().get(0));
                    if (i != null) {
                        out.merge(a.var(), i, Interval::union);
                    }
                }
                a.indices().forEach(x -> refs(x, out));
            }
            case Call c -> c.args().forEach(x -> {
                if (x instanceof VarRef v && v.var().isArray() && v.var().isParameter()) {
                    out.put(v.var(), Interval.TOP);
                }
                refs(x, out);
            });
            case Unary u -> refs(u.operand(), out);
            case Binary b -> {
                refs(b.left(), out);
                refs(b.right(), out);
            }
            case Cast c -> refs(c.operand(), out);
            case Cond c -> {
                refs(c.cond(), out);
                refs(c.then(), out);
                refs(c.otherwise(), out);
            }
            case IntLit l -> { }
            case RealLit r -> { }
            case VarRef v -> { }
        }
    }
}
