package org.paradjoint.launch;

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
 * Element counts of the array parameters of a kernel for given integer parameter values, so that
 * a timing driver can allocate them: declared extents are evaluated; an open leading extent is
 * one more than the largest leading index the kernel uses (loop counters range over their loop
 * bounds, integer locals over everything assigned to them, index arrays over the values the
 * driver fills them with: a permutation of 0..len-1).
 */
final class ArrayExtents {

    private final Function kernel;
    private final Map<String, Long> ints;
    private final Map<Variable, Interval> env = new HashMap<>();
    private final Map<Variable, Long> leading = new LinkedHashMap<>();

    private ArrayExtents(Function kernel, Map<String, Long> ints) {
        this.kernel = kernel;
        this.ints = ints;
    }

    /**
     * The number of elements of every array parameter (all dimensions), or an exception that
     * names the array whose size cannot be bounded.
     */
    static Map<Variable, Long> compute(Function kernel, Map<String, Long> ints, Map<String, Long> explicit) {
        ArrayExtents x = new ArrayExtents(kernel, ints);
        for (Variable p : kernel.params()) {
            if (p.isScalar() && p.type().isInteger() && ints.containsKey(p.name())) {
                x.env.put(p, Interval.of(ints.get(p.name())));
            }
        }
        // Index arrays first (their contents bound other indices), then one more round for all.
        for (int round = 0; round < 3; round++) {
            x.settleLocals();
            for (Variable p : kernel.params()) {
                if (p.isArray()) {
                    Long e = explicit.get(p.name());
                    x.leading.put(p, e != null ? e : x.leadingExtent(p));
                }
            }
        }
        Map<Variable, Long> out = new LinkedHashMap<>();
        for (Variable p : kernel.params()) {
            if (!p.isArray()) {
                continue;
            }
            Long lead = x.leading.get(p);
            if (lead == null || lead <= 0) {
                throw new IllegalArgumentException("cannot bound the indices of '" + p.name() + "' in '"
                        + kernel.name() + "': give its length explicitly (e.g. " + p.name() + "=n+8)");
            }
            long count = lead;
            for (int d = 1; d < p.rank(); d++) {
                Interval e = x.eval(p.dims().get(d).extent());
                if (e == null || !e.bounded() || e.lo() != e.hi()) {
                    throw new IllegalArgumentException("extent " + (d + 1) + " of '" + p.name() + "' is not a constant"
                            + " expression of the integer parameters");
                }
                count *= e.hi();
            }
            out.put(p, count);
        }
        return out;
    }

    private Long leadingExtent(Variable p) {
        if (p.dims().get(0).extentKnown()) {
            Interval e = eval(p.dims().get(0).extent());
            return e != null && e.bounded() && e.lo() == e.hi() ? e.hi() : null;
        }
        Interval[] range = {null};
        boolean[] unbounded = {false};
        walk(kernel.body(), (ref, i) -> {
            if (ref.var().equals(p)) {
                if (i == null || !i.bounded()) {
                    unbounded[0] = true;
                } else {
                    range[0] = i.union(range[0]);
                }
            }
        });
        return unbounded[0] || range[0] == null ? null : range[0].hi() + 1;
    }

    private interface RefVisitor {
        void visit(ArrayRef ref, Interval leadingIndex);
    }

    /** Visits every array reference with the interval of its leading index; counters take their loop ranges. */
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
                v.visit(r, eval(r.indices().get(0)));
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

    /** Values of an index array: the driver fills it with a permutation of 0..len-1. */
    private Interval contents(Variable array) {
        if (!array.type().isInteger()) {
            return Interval.TOP;
        }
        Long len = leading.get(array);
        return len == null || len <= 0 ? Interval.TOP : new Interval(0, len - 1);
    }

    static List<String> describe(Map<Variable, Long> extents) {
        return extents.entrySet().stream().map(e -> e.getKey().name() + "[" + e.getValue() + "]").toList();
    }
}
