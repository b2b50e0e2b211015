package org.paradjoint.core.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongBinaryOperator;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The index ranges over which a function accesses its array parameters: for each array parameter
 * and dimension, the union of the indices of every access, with loop counters ranging over their
 * loops' bounds (inside their own loop), integer locals over everything assigned to them (a fixed
 * point with widening settles locals that feed themselves), and reads of index arrays over the
 * values the caller says those arrays hold.
 *
 * <p>Two views answer the questions users of the ranges ask:
 * <ul>
 * <li>numeric, at given values of the integer parameters ({@link #at}): intervals per dimension,
 * for check drivers and timing drivers that allocate the arrays;</li>
 * <li>symbolic ({@link #symbolicLength}): the element count of a one-dimensional array as C text
 * over the integer parameters, for reduction clauses and whole-array saves.</li>
 * </ul>
 */
public final class IndexRanges {

    /** Bounds beyond this magnitude mean "unbounded"; no real array gets near it. */
    public static final long INF = 1L << 50;

    /** A closed interval; {@code lo > hi} never occurs (empty is represented by null). */
    public record Interval(long lo, long hi) {

        public static final Interval TOP = new Interval(-INF, INF);

        public static Interval of(long v) {
            return new Interval(clamp(v), clamp(v));
        }

        public boolean bounded() {
            return lo > -INF && hi < INF;
        }

        public Interval union(Interval o) {
            return o == null ? this : new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
        }
    }

    /** What the analysis assumes of a loop that provably never runs at the given values. */
    public enum EmptyLoops {
        /** Its body is not analysed: nothing in it is ever accessed. */
        SKIP,
        /** Its body is analysed with the counter at its first value (a conservative size). */
        FIRST_VALUE
    }

    /** The values an index array read ({@code idx[...]}) can yield; TOP when unknown. */
    @FunctionalInterface
    public interface Contents {
        Interval of(Variable array);
    }

    private final Function function;
    private final Contents contents;
    private final EmptyLoops emptyLoops;
    private final Map<Variable, Interval> env = new HashMap<>();
    private final Map<Variable, List<Interval>> indices = new LinkedHashMap<>();
    private final Set<Variable> passedWhole = new LinkedHashSet<>();
    /** Once the locals are settled, one without a value (e.g. set only through a pointer) is unknown. */
    private boolean settled;

    private IndexRanges(Function function, Map<String, Long> ints, Contents contents, EmptyLoops emptyLoops) {
        this.function = function;
        this.contents = contents;
        this.emptyLoops = emptyLoops;
        for (Variable p : function.params()) {
            if (isIntScalar(p)) {
                Long v = ints.get(p.name());
                env.put(p, v == null ? Interval.TOP : Interval.of(v));
            }
        }
    }

    /**
     * The ranges of {@code f} at the given values of its integer parameters (a parameter without
     * a value is unbounded).
     */
    public static IndexRanges at(Function f, Map<String, Long> ints, Contents contents, EmptyLoops emptyLoops) {
        IndexRanges r = new IndexRanges(f, ints, contents, emptyLoops);
        r.solve();
        walk(f.body(), r.new Accesses());
        return r;
    }

    /**
     * The interval of an expression over the integer parameters alone (e.g. a declared bound);
     * anything else is unbounded.
     */
    public static Interval evaluate(Expr e, Function f, Map<String, Long> ints) {
        IndexRanges r = new IndexRanges(f, ints, a -> Interval.TOP, EmptyLoops.SKIP);
        r.settled = true;
        return r.eval(e);
    }

    /** The single value of {@link #evaluate}, or null when it is not one known value. */
    public static Long constant(Expr e, Function f, Map<String, Long> ints) {
        Interval i = e == null ? null : evaluate(e, f, ints);
        return i != null && i.bounded() && i.lo() == i.hi() ? i.hi() : null;
    }

    /**
     * The union of the indices of every access to {@code array} in dimension {@code d} (in the
     * order the IR keeps dimensions); TOP where some access has an index missing there, null when
     * no access indexes it.
     */
    public Interval dimension(Variable array, int d) {
        List<Interval> dims = indices.get(array);
        return dims == null || d >= dims.size() ? null : dims.get(d);
    }

    /** Whether {@code array} is passed whole to a call, which may access any of its elements. */
    public boolean passedWhole(Variable array) {
        return passedWhole.contains(array);
    }

    /** The array parameters that are indexed or passed whole, in order of first appearance. */
    public Set<Variable> accessed() {
        Set<Variable> out = new LinkedHashSet<>(indices.keySet());
        out.addAll(passedWhole);
        return out;
    }

    // ---------------------------------------------------------------- numeric: integer scalars

    /** An assignment to an integer scalar: {@code value} null means "anything". */
    private record Def(Variable var, Stmt site, Expr value) {
    }

    static boolean isIntScalar(Variable v) {
        return v.isScalar() && v.type().isInteger();
    }

    private static List<Def> defs(Stmt body) {
        List<Def> defs = new ArrayList<>();
        StmtUtil.forEach(body, s -> {
            switch (s) {
                case For f -> defs.add(new Def(f.counter(), f, null));
                case Assign a when a.target() instanceof VarRef v && isIntScalar(v.var()) ->
                        defs.add(new Def(v.var(), a, a.op() == Assign.Op.SET ? a.value() : null));
                case Decl d when isIntScalar(d.var()) && d.init() != null -> defs.add(new Def(d.var(), d, d.init()));
                default -> { }
            }
        });
        return defs;
    }

    private void solve() {
        List<Def> defs = defs(function.body());
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
                break;
            }
            env.clear();
            env.putAll(next);
        }
        settled = true;
    }

    /** The values the counter takes inside the body; null when the loop is skipped. */
    private Interval counterRange(For f) {
        Long step = f.constantStep();
        if (step == null || step == 0) {
            return Interval.TOP;
        }
        Interval lower = eval(f.lower());
        Interval bound = eval(f.bound());
        if (lower == null || bound == null) {
            return null;
        }
        if (!lower.bounded() || !bound.bounded()) {
            return Interval.TOP;
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
        if (r.lo() <= r.hi()) {
            return r;
        }
        return emptyLoops == EmptyLoops.SKIP ? null : Interval.of(lower.lo());
    }

    /** Interval of an integer expression; null while some local has no value yet. */
    private Interval eval(Expr e) {
        return switch (e) {
            case IntLit l -> Interval.of(l.value());
            case RealLit r -> Interval.TOP;
            case VarRef v -> !isIntScalar(v.var()) ? Interval.TOP
                    : settled ? env.getOrDefault(v.var(), Interval.TOP) : env.get(v.var());
            case ArrayRef a -> contents.of(a.var());
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
            case TextOperand t -> Interval.TOP;
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
            case MUL -> corners(x, y, IndexRanges::mul);
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

    private static Interval corners(Interval x, Interval y, LongBinaryOperator op) {
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

    // ---------------------------------------------------------------- the loop-nest walk

    /** What a walk over the statements sees: loops entered and left, and expressions evaluated. */
    interface Nest {
        /** Returns whether the loop's body is walked (then {@link #exit} follows). */
        boolean enter(For f);

        void exit(For f);

        void expr(Expr e);
    }

    /** Visits the expressions of {@code s} in their loop nests (a loop's step is not an access). */
    static void walk(Stmt s, Nest n) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> walk(x, n));
            case For f -> {
                n.expr(f.lower());
                n.expr(f.bound());
                if (n.enter(f)) {
                    walk(f.body(), n);
                    n.exit(f);
                }
            }
            case If i -> {
                n.expr(i.cond());
                walk(i.then(), n);
                if (i.otherwise() != null) {
                    walk(i.otherwise(), n);
                }
            }
            default -> StmtUtil.ownExprs(s).forEach(n::expr);
        }
    }

    /** Records the index intervals of every access to an array parameter. */
    private final class Accesses implements Nest {

        private final Deque<Interval> outside = new ArrayDeque<>();

        @Override
        public boolean enter(For f) {
            Interval range = counterRange(f);
            if (range == null) {
                return false;
            }
            // inside its own loop the counter takes this loop's values only
            Interval saved = env.put(f.counter(), range);
            outside.push(saved == null ? NONE : saved);
            return true;
        }

        @Override
        public void exit(For f) {
            Interval saved = outside.pop();
            if (saved == NONE) {
                env.remove(f.counter());
            } else {
                env.put(f.counter(), saved);
            }
        }

        @Override
        public void expr(Expr e) {
            ExprUtil.forEach(e, x -> {
                if (x instanceof ArrayRef a && a.var().isParameter() && !a.indices().isEmpty()) {
                    record(a);
                } else if (x instanceof Call c) {
                    for (Expr arg : c.args()) {
                        if (arg instanceof VarRef v && v.var().isArray() && v.var().isParameter()) {
                            passedWhole.add(v.var());
                        }
                    }
                }
            });
        }

        private void record(ArrayRef a) {
            List<Interval> dims = indices.computeIfAbsent(a.var(), k -> new ArrayList<>());
            int rank = Math.max(a.var().rank(), a.indices().size());
            for (int d = 0; d < rank; d++) {
                Interval i = d < a.indices().size() ? eval(a.indices().get(d)) : Interval.TOP;
                while (dims.size() <= d) {
                    dims.add(null);
                }
                if (i != null) {
                    dims.set(d, i.union(dims.get(d)));
                }
            }
        }
    }

    /** Marks a counter that had no value outside its loop. */
    private static final Interval NONE = new Interval(0, 0);

    /**
     * The number of elements of a one-dimensional array parameter as C text over the function's
     * integer parameters, or empty when unknown; see {@link SymbolicLengths#of}.
     */
    public static Optional<String> symbolicLength(Function function, Variable array) {
        return SymbolicLengths.of(function, array);
    }
}
