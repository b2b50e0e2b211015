package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Shapes of the array parameters of a kernel for given integer parameter values, so that a
 * timing driver can allocate them: declared bounds are evaluated; the open extent (the leading
 * one of a C pointer, the last one of a Fortran assumed-size {@code x(*)}) is one more than the
 * largest index the kernel uses there, counted from the dimension's lower bound (loop counters
 * range over their loop bounds, integer locals over everything assigned to them, index arrays
 * over the values the driver fills them with: a permutation of the first {@code count} indices
 * of the language, 0.. in C and 1.. in Fortran).
 */
final class ArrayExtents {

    /** Lower bound and extent of every dimension, in the order the IR keeps them. */
    record Shape(List<Long> lower, List<Long> extent) {

        Shape {
            lower = List.copyOf(lower);
            extent = List.copyOf(extent);
        }

        long count() {
            return extent.stream().reduce(1L, (a, b) -> a * b);
        }
    }

    private final Function kernel;
    private final Map<String, Long> ints;
    private final long firstIndex;
    private final Map<Variable, Interval> env = new HashMap<>();
    private final Map<Variable, Long> open = new LinkedHashMap<>();

    private ArrayExtents(Function kernel, Map<String, Long> ints, long firstIndex) {
        this.kernel = kernel;
        this.ints = ints;
        this.firstIndex = firstIndex;
    }

    /**
     * The number of elements of every array parameter (all dimensions) of a C kernel, or an
     * exception that names the array whose size cannot be bounded.
     */
    static Map<Variable, Long> compute(Function kernel, Map<String, Long> ints, Map<String, Long> explicit) {
        Map<Variable, Long> out = new LinkedHashMap<>();
        shapes(kernel, ints, explicit, 0).forEach((v, s) -> out.put(v, s.count()));
        return out;
    }

    /**
     * The shape of every array parameter; {@code firstIndex} is the first value the driver
     * writes into index arrays (0 in C, 1 in Fortran). {@code explicit} gives open extents.
     */
    static Map<Variable, Shape> shapes(Function kernel, Map<String, Long> ints, Map<String, Long> explicit,
            long firstIndex) {
        ArrayExtents x = new ArrayExtents(kernel, ints, firstIndex);
        for (Variable p : kernel.params()) {
            if (p.isScalar() && p.type().isInteger() && ints.containsKey(p.name())) {
                x.env.put(p, Interval.of(ints.get(p.name())));
            }
        }
        // Index arrays first (their contents bound other indices), then one more round for all.
        for (int round = 0; round < 3; round++) {
            // locals start afresh: one read from an index array was unbounded before its length was known
            x.env.keySet().removeIf(v -> !v.isParameter());
            x.settleLocals();
            for (Variable p : kernel.params()) {
                if (p.isArray()) {
                    Long e = explicit.get(p.name());
                    x.open.put(p, e != null ? e : x.openExtent(p));
                }
            }
        }
        Map<Variable, Shape> out = new LinkedHashMap<>();
        for (Variable p : kernel.params()) {
            if (p.isArray()) {
                out.put(p, x.shape(p));
            }
        }
        return out;
    }

    private Shape shape(Variable p) {
        Long lead = open.get(p);
        if (lead == null || lead <= 0) {
            throw new IllegalArgumentException("cannot bound the indices of '" + p.name() + "' in '"
                    + kernel.name() + "': give its length explicitly (e.g. " + p.name() + "=n+8)");
        }
        int openDim = openDim(p);
        List<Long> lower = new ArrayList<>();
        List<Long> extent = new ArrayList<>();
        for (int d = 0; d < p.rank(); d++) {
            Long lo = constant(p.dims().get(d).lower());
            if (lo == null) {
                throw new IllegalArgumentException("lower bound " + (d + 1) + " of '" + p.name()
                        + "' is not a constant expression of the integer parameters");
            }
            lower.add(lo);
            if (d == openDim) {
                extent.add(lead);
                continue;
            }
            Long e = constant(p.dims().get(d).extent());
            if (e == null) {
                throw new IllegalArgumentException("extent " + (d + 1) + " of '" + p.name() + "' is not a constant"
                        + " expression of the integer parameters");
            }
            extent.add(e);
        }
        return new Shape(lower, extent);
    }

    /** The dimension whose extent is inferred: the one without a declared extent, else the first. */
    private static int openDim(Variable p) {
        for (int d = 0; d < p.rank(); d++) {
            if (!p.dims().get(d).extentKnown()) {
                return d;
            }
        }
        return 0;
    }

    private Long constant(Expr e) {
        Interval i = e == null ? null : eval(e);
        return i != null && i.bounded() && i.lo() == i.hi() ? i.hi() : null;
    }

    private Long openExtent(Variable p) {
        int d = openDim(p);
        if (p.dims().get(d).extentKnown()) {
            return constant(p.dims().get(d).extent());
        }
        Long lower = constant(p.dims().get(d).lower());
        if (lower == null) {
            return null;
        }
        Interval[] range = {null};
        boolean[] unbounded = {false};
        walk(kernel.body(), ref -> {
            if (ref.var().equals(p)) {
                Interval i = ref.indices().size() > d ? eval(ref.indices().get(d)) : null;
                if (i == null || !i.bounded()) {
                    unbounded[0] = true;
                } else {
                    range[0] = i.union(range[0]);
                }
            }
        });
        return unbounded[0] || range[0] == null ? null : range[0].hi() - lower + 1;
    }

    private interface RefVisitor {
        void visit(ArrayRef ref);
    }

    /** Visits every array reference while counters take their loop ranges. */
    private void walk(Stmt s, RefVisitor v) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> walk(x, v));
            case For f -> {
                refs(f.lower(), v);
                refs(f.bound(), v);
                Interval saved = env.get(f.counter());
                env.put(f.counter(), counterRange(f));
                walk(f.body(), v);
                if (saved == null) {
                    env.remove(f.counter());
                } else {
                    env.put(f.counter(), saved);
                }
            }
            case If i -> {
                refs(i.cond(), v);
                walk(i.then(), v);
                if (i.otherwise() != null) {
                    walk(i.otherwise(), v);
                }
            }
            default -> StmtUtil.ownExprs(s).forEach(e -> refs(e, v));
        }
    }

    private void refs(Expr e, RefVisitor v) {
        ExprUtil.forEach(e, x -> {
            if (x instanceof ArrayRef r) {
                v.visit(r);
            }
        });
    }

    /**
     * Integer locals range over the union of what is assigned to them, counters over the union of
     * their loops' ranges (a few rounds, then unbounded).
     */
    private void settleLocals() {
        for (int round = 0; round < 8; round++) {
            boolean last = round == 7;
            boolean[] changed = {false};
            StmtUtil.forEach(kernel.body(), s -> {
                Variable target = null;
                Expr value = null;
                if (s instanceof Assign a && a.target() instanceof VarRef r && isIntScalar(r.var())
                        && !r.var().isParameter()) {
                    target = r.var();
                    value = a.op() == Assign.Op.SET ? a.value() : null;
                } else if (s instanceof Decl d && isIntScalar(d.var()) && d.init() != null) {
                    target = d.var();
                    value = d.init();
                }
                if (s instanceof For f) {
                    target = f.counter();
                }
                if (target != null && (s instanceof For || !isCounter(target))) {
                    Interval i = s instanceof For f ? counterRange(f) : value == null ? Interval.TOP : eval(value);
                    Interval merged = i == null ? null : i.union(env.get(target));
                    if (merged != null && !merged.equals(env.get(target))) {
                        env.put(target, last ? Interval.TOP : merged);
                        changed[0] = true;
                    }
                }
            });
            if (!changed[0]) {
                return;
            }
        }
    }

    private boolean isCounter(Variable v) {
        boolean[] found = {false};
        StmtUtil.forEach(kernel.body(), s -> found[0] |= s instanceof For f && f.counter().equals(v));
        return found[0];
    }

    private static boolean isIntScalar(Variable v) {
        return v.isScalar() && v.type().isInteger();
    }

    private Interval counterRange(For f) {
        Long step = f.constantStep();
        Interval lower = eval(f.lower());
        Interval bound = eval(f.bound());
        if (step == null || step == 0 || lower == null || bound == null || !lower.bounded() || !bound.bounded()) {
            return Interval.TOP;
        }
        Interval r = switch (f.cmp()) {
            case LT -> step > 0 ? new Interval(lower.lo(), bound.hi() - 1) : null;
            case LE -> step > 0 ? new Interval(lower.lo(), bound.hi()) : null;
            case GT -> step < 0 ? new Interval(bound.lo() + 1, lower.hi()) : null;
            case GE -> step < 0 ? new Interval(bound.lo(), lower.hi()) : null;
            default -> null;
        };
        return r == null ? Interval.TOP : r.lo() > r.hi() ? Interval.of(lower.lo()) : r;
    }

    /** The interval of an integer expression; null while a local has no value yet. */
    private Interval eval(Expr e) {
        return switch (e) {
            case IntLit l -> Interval.of(l.value());
            case VarRef v -> isIntScalar(v.var()) ? env.getOrDefault(v.var(), v.var().isParameter()
                    ? Interval.TOP : null) : Interval.TOP;
            case ArrayRef a -> contents(a.var());
            case Cast c -> eval(c.operand());
            case Unary u when u.op() == Unary.Op.NEG -> {
                Interval i = eval(u.operand());
                yield i == null ? null : i.negate();
            }
            case Binary b when b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB || b.op() == Binary.Op.MUL -> {
                Interval l = eval(b.left());
                Interval r = eval(b.right());
                if (l == null || r == null) {
                    yield null;
                }
                yield switch (b.op()) {
                    case ADD -> l.add(r);
                    case SUB -> l.add(r.negate());
                    default -> l.multiply(r);
                };
            }
            default -> Interval.TOP;
        };
    }

    /** Values of an index array: the driver fills it with a permutation of its first indices. */
    private Interval contents(Variable array) {
        if (!array.type().isInteger()) {
            return Interval.TOP;
        }
        Long len = open.get(array);
        if (len == null || len <= 0) {
            return Interval.TOP;
        }
        long count = len;
        int openDim = openDim(array);
        for (int d = 0; d < array.rank(); d++) {
            Long e = d == openDim ? Long.valueOf(1) : constant(array.dims().get(d).extent());
            if (e == null) {
                return Interval.TOP;
            }
            count *= e;
        }
        return new Interval(firstIndex, firstIndex + count - 1);
    }

    static List<String> describe(Map<Variable, Long> extents) {
        return extents.entrySet().stream().map(e -> e.getKey().name() + "[" + e.getValue() + "]").toList();
    }
}
