package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Scatter to gather: the unproven increments of an adjoint array in the adjoint of a parallel
 * loop nest ({@code xb[i-1] += a(i); xb[i] += b(i); xb[i+1] += c(i)}, which neighbouring
 * iterations share) become a loop nest of their own in which each iteration writes only its own
 * element and sums what the scatter would have added to it ({@code xb[i] += a(i+1) + b(i) +
 * c(i-1)}, each term where its source iteration exists and its branch was taken). The gathered
 * nest runs before the rest of the adjoint iteration, is parallel like the primal, and needs no
 * atomic, no per-thread copy and no reduction: what a careful person writes for a stencil by
 * hand (and what the adjoint-stencil transformation does for a whole annotated nest).
 * <p>
 * Taken only where it is exact: a rectangular nest of unit-step loops (the parallel one, loops it
 * collapses, and perfectly nested sequential loops inside) whose innermost body holds only
 * increments and resets of adjoint array elements, possibly under branches on loop-invariant
 * values; the array's indices are each loop counter once plus a constant; the terms read nothing
 * the nest writes, except arrays it only resets at its own elements, read there before the reset
 * (the gathered nest runs first, so it reads what the scatter read). Anything else keeps the
 * race strategy's protection.
 */
final class GatherIncrements {

    /**
     * The gathered nests, the adjoint iteration without their increments (empty when nothing
     * is left), the adjoint arrays gathered and the increments they replace (each at the primal
     * reference it comes from).
     */
    record Result(List<Stmt> gathers, List<Stmt> remaining, Set<Variable> gathered, List<Assign> sites) {
    }

    /**
     * An increment or reset of the innermost body under the conjunction of its branches'
     * conditions; {@code path} is the branches taken to reach it (+k: then of the k-th branch
     * met, -k: its else), {@code position} its place in the body's order.
     */
    private record Guarded(Expr guard, Assign assign, int position, List<Integer> path) {

        /** True when the two never run in the same iteration: they lie on the two sides of one branch. */
        boolean exclusiveWith(Guarded o) {
            for (int k = 0; k < Math.min(path.size(), o.path.size()); k++) {
                if (!path.get(k).equals(o.path.get(k))) {
                    return path.get(k) == -o.path.get(k);
                }
            }
            return false;
        }
    }

    private int branches;

    private final List<GatherNest.Level> levels = new ArrayList<>();
    private final List<Guarded> stmts = new ArrayList<>();
    /** What the body writes (a flattened index's stride must not be among it). */
    private Set<Variable> written = Set.of();
    /** The arrays read or written through a flattened index, by their first such access. */
    private final Map<Variable, FlatIndex> flat = new LinkedHashMap<>();
    /** For each of {@link #flat}, the least and greatest column offset of its accesses. */
    private final Map<Variable, long[]> columnOffsets = new HashMap<>();

    private GatherIncrements() {
    }

    /**
     * The gather form of the increments of the arrays in {@code unsafe} (adjoint arrays whose
     * increments in {@code iteration}, the adjoint iteration of the parallel nest from
     * {@code outer} to {@code inner}, were not proven), or empty when none can be gathered.
     */
    static Optional<Result> of(For outer, For inner, List<Stmt> iteration, Set<Variable> unsafe,
            OmpParallelFor omp) {
        GatherIncrements g = new GatherIncrements();
        List<Stmt> body = g.nest(outer, inner, iteration);
        if (body == null || !g.flatten(body, null, List.of())) {
            return Optional.empty();
        }
        Set<Variable> written = new HashSet<>();
        g.stmts.forEach(s -> written.add(s.assign().target().var()));
        g.written = written;
        for (GatherNest.Level l : g.levels) {
            // a bound that reads what the nest writes would change while it runs
            if (ExprUtil.variables(l.lo()).stream().anyMatch(written::contains)
                    || ExprUtil.variables(l.hi()).stream().anyMatch(written::contains)) {
                return Optional.empty();
            }
        }
        Set<Variable> resetOnly = g.resetOnly(written);
        List<Stmt> gathers = new ArrayList<>();
        Set<Variable> gathered = new LinkedHashSet<>();
        for (Variable t : unsafe) {
            if (written.contains(t) && !resetOnly.contains(t) && g.gatherable(t, written, resetOnly)) {
                gathers.addAll(g.gather(t, omp, outer.range()));
                gathered.add(t);
            }
        }
        if (gathered.isEmpty() || !g.columnsInsideRows()) {
            return Optional.empty();
        }
        List<Assign> sites = g.stmts.stream().map(Guarded::assign)
                .filter(a -> isIncrement(a) && gathered.contains(a.target().var())).toList();
        return Optional.of(new Result(gathers, without(iteration, gathered), gathered, sites));
    }

    // ---- the nest -------------------------------------------------------------------------------

    /** The innermost body, with the levels recorded; null when the nest is not rectangular. */
    private List<Stmt> nest(For outer, For inner, List<Stmt> iteration) {
        for (For f = outer;; f = (For) f.body().stmts().get(0)) {
            if (!level(f)) {
                return null;
            }
            if (f == inner) {
                break;
            }
        }
        List<Stmt> body = iteration;
        while (body.size() == 1 && body.get(0) instanceof For f && !f.isParallel()) {
            if (!level(f)) {
                return null;
            }
            body = f.body().stmts();
        }
        Set<Variable> counters = counters();
        for (GatherNest.Level l : levels) {
            if (ExprUtil.variables(l.lo()).stream().anyMatch(counters::contains)
                    || ExprUtil.variables(l.hi()).stream().anyMatch(counters::contains)) {
                return null;
            }
        }
        return body;
    }

    private boolean level(For f) {
        Long step = f.constantStep();
        Expr lo;
        Expr hi;
        if (step != null && step == 1 && (f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE)) {
            lo = f.lower();
            hi = f.cmp() == Binary.Op.LT ? Exprs.sub(f.bound(), Exprs.integer(1)) : f.bound();
        } else if (step != null && step == -1 && (f.cmp() == Binary.Op.GT || f.cmp() == Binary.Op.GE)) {
            lo = f.cmp() == Binary.Op.GT ? Exprs.add(f.bound(), Exprs.integer(1)) : f.bound();
            hi = f.lower();
        } else {
            return false;
        }
        levels.add(new GatherNest.Level(f.counter(), lo, hi));
        return true;
    }

    private Set<Variable> counters() {
        Set<Variable> out = new LinkedHashSet<>();
        levels.forEach(l -> out.add(l.counter()));
        return out;
    }

    /** The body's statements with their guards; false at anything but element increments and resets. */
    private boolean flatten(List<Stmt> body, Expr guard, List<Integer> path) {
        for (Stmt s : body) {
            boolean ok = switch (s) {
                case Assign a -> a.target() instanceof ArrayRef && (isIncrement(a)
                        || a.op() == Assign.Op.SET && a.value() instanceof RealLit r && r.value() == 0.0)
                        && stmts.add(new Guarded(guard, a, stmts.size(), path));
                case If i -> {
                    int k = ++branches;
                    yield flatten(i.then().stmts(), and(guard, i.cond()), extended(path, k))
                            && (i.otherwise() == null || flatten(i.otherwise().stmts(), and(guard,
                                    new Unary(Unary.Op.NOT, i.cond())), extended(path, -k)));
                }
                case Block b -> flatten(b.stmts(), guard, path);
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static List<Integer> extended(List<Integer> path, int side) {
        List<Integer> out = new ArrayList<>(path);
        out.add(side);
        return List.copyOf(out);
    }

    private static boolean isIncrement(Assign a) {
        return a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB;
    }

    /** What an increment adds: its value, negated for {@code -=}. */
    private static Expr added(Assign a) {
        return a.op() == Assign.Op.SUB ? Exprs.neg(a.value()) : a.value();
    }

    static Expr and(Expr a, Expr b) {
        return a == null ? b : new Binary(Binary.Op.AND, a, b);
    }

    // ---- what may be gathered -------------------------------------------------------------------

    /** Arrays the body writes only by resetting their element at the counters (each iteration its own). */
    private Set<Variable> resetOnly(Set<Variable> written) {
        Set<Variable> out = new HashSet<>(written);
        for (Guarded g : stmts) {
            Assign a = g.assign();
            if (a.op() != Assign.Op.SET || !ownElement((ArrayRef) a.target())) {
                // an increment, or a reset of another element than the iteration's own
                out.remove(a.target().var());
            }
        }
        return out;
    }

    /** True when the indices are exactly the counters of the nest, each once. */
    private boolean ownElement(ArrayRef r) {
        int[] map = counterMap(r);
        if (map == null) {
            return false;
        }
        for (int d = 0; d < map.length; d++) {
            if (offset(indices(r).get(d), levels.get(map[d]).counter()) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * For each dimension of {@code r} the level whose counter (plus a constant) indexes it, every
     * level once; null otherwise.
     */
    private int[] counterMap(ArrayRef r) {
        List<Expr> indices = indices(r);
        if (indices.size() != levels.size()) {
            return null;
        }
        int[] map = new int[levels.size()];
        Set<Integer> used = new HashSet<>();
        for (int d = 0; d < map.length; d++) {
            map[d] = -1;
            for (int k = 0; k < levels.size(); k++) {
                if (offset(indices.get(d), levels.get(k).counter()) != null) {
                    map[d] = k;
                }
            }
            if (map[d] < 0 || !used.add(map[d])) {
                return null;
            }
        }
        return map;
    }

    /** {@code c} for {@code counter + c}, {@code c + counter}, {@code counter - c} or {@code counter}; else null. */
    private static Long offset(Expr index, Variable counter) {
        if (index instanceof VarRef v) {
            return v.var().equals(counter) ? 0L : null;
        }
        if (index instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            if (b.left() instanceof VarRef v && v.var().equals(counter) && b.right() instanceof IntLit c) {
                return b.op() == Binary.Op.ADD ? c.value() : -c.value();
            }
            if (b.op() == Binary.Op.ADD && b.right() instanceof VarRef v && v.var().equals(counter)
                    && b.left() instanceof IntLit c) {
                return c.value();
            }
        }
        return null;
    }

    /**
     * True when every increment of {@code t} indexes it by the counters in the same order plus
     * constants, and no term or guard of it reads what the nest writes (but reset-only arrays at
     * their own element before their reset); nothing in the nest reads {@code t}.
     */
    private boolean gatherable(Variable t, Set<Variable> written, Set<Variable> resetOnly) {
        int[] first = null;
        for (Guarded g : stmts) {
            Assign a = g.assign();
            for (Expr e : StmtUtil.ownExprs(a)) {
                if (e != a.target() && ExprUtil.variables(e).contains(t)) {
                    return false;
                }
            }
            if (g.guard() != null && ExprUtil.variables(g.guard()).contains(t)) {
                return false;
            }
            if (!a.target().var().equals(t)) {
                continue;
            }
            int[] map = counterMap((ArrayRef) a.target());
            if (map == null || first != null && !java.util.Arrays.equals(map, first)) {
                return false;
            }
            first = map;
            List<Expr> read = new ArrayList<>(List.of(a.value()));
            ((ArrayRef) a.target()).indices().forEach(read::add);
            if (g.guard() != null) {
                read.add(g.guard());
            }
            for (Expr e : read) {
                if (!readsOnlyWhatIsKept(e, g, written, resetOnly)) {
                    return false;
                }
            }
        }
        return first != null;
    }

    private boolean readsOnlyWhatIsKept(Expr e, Guarded reader, Set<Variable> written, Set<Variable> resetOnly) {
        for (Variable v : ExprUtil.variables(e)) {
            if (written.contains(v) && !resetOnly.contains(v)) {
                return false;
            }
        }
        for (ArrayRef r : ExprUtil.nodes(e, ArrayRef.class)) {
            if (resetOnly.contains(r.var()) && (!ownElement(r) || resetBefore(r.var(), reader))) {
                return false;
            }
        }
        return true;
    }

    /** True when a reset of {@code v} may run before {@code reader} in the same iteration. */
    private boolean resetBefore(Variable v, Guarded reader) {
        return stmts.stream().anyMatch(g -> g.position() < reader.position() && g.assign().target().var().equals(v)
                && !g.exclusiveWith(reader));
    }

    // ---- the gathered nest ----------------------------------------------------------------------

    /**
     * The gathered nest of {@code t}: each increment {@code t[c + o] += e(c)} under guard
     * {@code g(c)} becomes the term {@code e(c - o)} under {@code g(c - o)} ({@link GatherNest}).
     */
    private List<Stmt> gather(Variable t, OmpParallelFor omp, SourceRange range) {
        List<Guarded> increments = stmts.stream().filter(g -> g.assign().target().var().equals(t)).toList();
        int[] map = counterMap((ArrayRef) increments.get(0).assign().target());
        List<GatherNest.Term> terms = new ArrayList<>();
        for (Guarded g : increments) {
            ArrayRef r = (ArrayRef) g.assign().target();
            long[] o = new long[levels.size()];
            for (int d = 0; d < map.length; d++) {
                o[map[d]] = offset(indices(r).get(d), levels.get(map[d]).counter());
            }
            Map<Variable, Expr> shift = new LinkedHashMap<>();
            for (int k = 0; k < levels.size(); k++) {
                shift.put(levels.get(k).counter(), Exprs.sub(new VarRef(levels.get(k).counter()),
                        Exprs.integer(o[k])));
            }
            Expr guard = g.guard() == null ? null : ExprUtil.simplify(ExprUtil.substitute(g.guard(), shift));
            terms.add(new GatherNest.Term(o, guard, ExprUtil.simplify(ExprUtil.substitute(added(g.assign()),
                    shift))));
        }
        return new GatherNest(t, map, levels, terms, omp, range, flat.containsKey(t) ? flat.get(t).stride() : null)
                .loops();
    }

    // ---- flattened indices ----------------------------------------------------------------------

    /**
     * The indices of {@code r}: a flattened {@code row * stride + column} of a two-level nest
     * ({@link FlatIndex}) as the pair, when the stride is what the array's other flattened
     * accesses use and the nest does not write it; else the indices as written.
     */
    private List<Expr> indices(ArrayRef r) {
        if (r.indices().size() != 1 || levels.size() != 2 || r.var().hasRuntimeShape()) {
            return r.indices();
        }
        FlatIndex f = FlatIndex.of(r.indices().get(0), counters());
        if (f == null || ExprUtil.variables(f.stride()).stream().anyMatch(written::contains)) {
            return r.indices();
        }
        FlatIndex first = flat.computeIfAbsent(r.var(), v -> f);
        if (!first.stride().equals(f.stride()) || !first.columnCounter().equals(f.columnCounter())) {
            return r.indices();
        }
        long[] range = columnOffsets.computeIfAbsent(r.var(), v -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
        range[0] = Math.min(range[0], f.columnOffset());
        range[1] = Math.max(range[1], f.columnOffset());
        return f.indices();
    }

    /**
     * True when every column a flattened access reaches lies in {@code [0, stride - 1]}, so that
     * distinct (row, column) pairs are distinct elements: the gathered nest writes each element
     * from one iteration only. Proven from the column loop's bounds when the margins simplify
     * to non-negative constants ({@code j} in {@code 1..nc} with offsets -1 and +1 in rows of
     * {@code nc + 2}).
     */
    private boolean columnsInsideRows() {
        for (Map.Entry<Variable, FlatIndex> e : flat.entrySet()) {
            long[] range = columnOffsets.get(e.getKey());
            GatherNest.Level column = levels.stream().filter(l -> l.counter().equals(e.getValue().columnCounter()))
                    .findFirst().orElseThrow();
            Long low = IntegerSums.constant(Exprs.add(column.lo(), Exprs.integer(range[0])), IntegerSums.VARIABLES);
            Long room = IntegerSums.constant(Exprs.sub(Exprs.sub(e.getValue().stride(), Exprs.integer(1)),
                    Exprs.add(column.hi(), Exprs.integer(range[1]))), IntegerSums.VARIABLES);
            if (low == null || low < 0 || room == null || room < 0) {
                return false;
            }
        }
        return true;
    }

    // ---- what stays -----------------------------------------------------------------------------

    /** {@code stmts} without the increments of {@code gathered}; branches and loops left empty go. */
    private static List<Stmt> without(List<Stmt> stmts, Set<Variable> gathered) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Assign a when isIncrement(a) && gathered.contains(a.target().var()) -> {
                }
                case If i -> {
                    List<Stmt> then = without(i.then().stmts(), gathered);
                    List<Stmt> otherwise = i.otherwise() == null ? List.of() : without(i.otherwise().stmts(), gathered);
                    if (then.equals(otherwise)) {
                        // both sides do the same (the resets left of a branch): no branch
                        out.addAll(then);
                    } else if (then.isEmpty()) {
                        out.add(new If(new Unary(Unary.Op.NOT, i.cond()), new Block(otherwise, i.otherwise().range()),
                                null, i.range()));
                    } else if (!then.isEmpty()) {
                        out.add(new If(i.cond(), new Block(then, i.then().range()), otherwise.isEmpty() ? null
                                : new Block(otherwise, i.otherwise().range()), i.range()));
                    }
                }
                case For f -> {
                    List<Stmt> body = without(f.body().stmts(), gathered);
                    if (!body.isEmpty()) {
                        out.add(f.withBody(new Block(body, f.body().range())));
                    }
                }
                case Block b -> {
                    List<Stmt> body = without(b.stmts(), gathered);
                    if (!body.isEmpty()) {
                        out.add(new Block(body, b.range()));
                    }
                }
                default -> out.add(s);
            }
        }
        return out;
    }
}
