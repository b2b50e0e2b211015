package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The loops of one gathered adjoint array ({@link GatherIncrements}): over the union of the
 * shifted ranges, {@code t[c] += } the sum of the terms whose source iteration {@code c - o}
 * exists and whose branch condition held there. A term's range test is needed only near the
 * edges: each level whose terms have different offsets is split into its lower edge, its
 * interior (where every source iteration exists, so the terms carry at most their branch
 * conditions and the loop is a plain gather, as one writes it by hand) and its upper edge, when
 * the range is long enough for the three to tile it (else one tested loop; the choice is made
 * where it runs, once for the levels whose ranges make the same choice). Edges keep the tests of
 * their own level but split the levels inside them as well: a face of a 3-D stencil's gather is
 * tested on one counter, not on three (per element, the tests of a fully tested face cost as much
 * as the gather itself). An element is written only where some term contributes (outside the
 * original ranges it may not exist). Levels an OpenMP {@code collapse} joins are not split: the
 * nest must stay perfect. Each loop folds what its counter range decides of the terms'
 * conditions ({@link DecidedConditions}), and at the innermost level the edges also take the few
 * iterations at the interior's ends where the branch conditions still vary, so that the interior
 * has none (a guarded stencil's {@code 2 .. n - 3}).
 */
final class GatherNest {

    /** One loop of the primal nest: its counter and its first and last value. */
    record Level(Variable counter, Expr lo, Expr hi) {
    }

    /**
     * One increment as a term of the gather: its offset in each level, its branch condition and
     * its value, both written in the gathered loop's counters (the source iteration is
     * {@code c - offsets}); {@code guard} is null when it is unconditional.
     */
    record Term(long[] offsets, Expr guard, Expr value) {
    }

    private final Variable t;
    private final int[] map;
    private final List<Level> levels;
    private final List<Term> terms;
    private final OmpParallelFor omp;
    private final SourceRange range;
    /** The row length when {@code t} is one block indexed {@code row * stride + column} ({@link FlatIndex}), else null. */
    private final Expr stride;
    private final long[] min;
    /** The most iterations peeled off either end of an interior to decide the terms' conditions. */
    private static final long MOST_PEELED = 2;
    private final long[] max;

    /**
     * @param map   for each dimension of {@code t}, the level whose counter indexes it
     * @param range where the gathered loops are (the primal loop's)
     * @param stride the row length of a flattened {@code t}, null for an array indexed per dimension
     */
    GatherNest(Variable t, int[] map, List<Level> levels, List<Term> terms, OmpParallelFor omp, SourceRange range,
            Expr stride) {
        this.t = t;
        this.stride = stride;
        this.map = map;
        this.levels = levels;
        this.terms = terms;
        this.omp = omp;
        this.range = range;
        min = new long[levels.size()];
        max = new long[levels.size()];
        for (int k = 0; k < levels.size(); k++) {
            min[k] = Long.MAX_VALUE;
            max[k] = Long.MIN_VALUE;
            for (Term term : terms) {
                min[k] = Math.min(min[k], term.offsets()[k]);
                max[k] = Math.max(max[k], term.offsets()[k]);
            }
        }
    }

    /** The loops, outermost first (several where the outermost level is split). */
    List<Stmt> loops() {
        return level(0, new boolean[levels.size()], true, Map.of(), List.of());
    }

    /**
     * The loops of level {@code k} and those inside; {@code interior}: the levels known to be
     * inside the edges; {@code ranges} holds the counter values of the enclosing gathered loops,
     * which decide some of the terms' conditions; {@code known}: the "long enough to split" tests
     * already taken around them.
     */
    private List<Stmt> level(int k, boolean[] interior, boolean split, Map<Variable, DistinctElements.Range> ranges,
            List<Expr> known) {
        if (k == levels.size()) {
            return List.of(body(interior, ranges));
        }
        Level l = levels.get(k);
        Expr from = plus(l.lo(), min[k]);
        Expr to = plus(l.hi(), max[k]);
        boolean[] inside = interior.clone();
        if (min[k] == max[k]) {
            // one offset: the shifted range is exact, no term needs a test at this level
            inside[k] = true;
            return List.of(loop(k, from, to, level(k + 1, inside, split, within(ranges, k, from, to), known)));
        }
        if (!split || k < omp.collapse()) {
            return List.of(loop(k, from, to, level(k + 1, inside, split, within(ranges, k, from, to), known)));
        }
        boolean[] core = inside.clone();
        core[k] = true;
        Expr middle = plus(l.lo(), max[k]);
        Expr middleEnd = plus(l.hi(), min[k]);
        // at the innermost level the edges also take the iterations the interior peels off for
        // its conditions to be decided: their bodies test everything, and no kernel is added
        long[] peel = k == levels.size() - 1 ? peel(k, middle, middleEnd, core, ranges) : null;
        if (peel != null) {
            middle = plus(middle, peel[0]);
            middleEnd = plus(middleEnd, -peel[1]);
        }
        Expr lowerEnd = plus(middle, -1);
        Expr upper = plus(middleEnd, 1);
        // the three parts tile the range when the upper edge starts after the lower one ends (the
        // interior possibly empty); a range too short for that runs as one tested loop
        Expr tiles = Exprs.ge(upper, middle);
        List<Expr> taken = new ArrayList<>(known);
        taken.add(tiles);
        List<Stmt> parts = new ArrayList<>();
        parts.add(loop(k, from, lowerEnd, level(k + 1, inside, true, within(ranges, k, from, lowerEnd), taken)));
        parts.add(loop(k, middle, middleEnd, level(k + 1, core, true, within(ranges, k, middle, middleEnd), taken)));
        parts.add(loop(k, upper, to, level(k + 1, inside, true, within(ranges, k, upper, to), taken)));
        if (known.contains(tiles)) {
            return parts;
        }
        Stmt whole = loop(k, from, to, level(k + 1, inside, false, within(ranges, k, from, to), known));
        return List.of(new If(tiles, new Block(parts, range), Block.of(whole), range));
    }

    /**
     * The fewest iterations (off the lower end, off the upper end) to peel off {@code a .. b}
     * at level {@code k} for every term's condition to be decided in the rest; null when none
     * need be peeled or no peel up to {@link #MOST_PEELED} at each end does it.
     */
    private long[] peel(int k, Expr a, Expr b, boolean[] core, Map<Variable, DistinctElements.Range> ranges) {
        long[] best = null;
        for (long lower = 0; lower <= MOST_PEELED; lower++) {
            for (long upper = 0; upper <= MOST_PEELED; upper++) {
                if ((best == null || lower + upper < best[0] + best[1])
                        && decided(core, within(ranges, k, plus(a, lower), plus(b, -upper)))) {
                    best = new long[] {lower, upper};
                }
            }
        }
        return best == null || best[0] + best[1] == 0 ? null : best;
    }

    /** True when {@code ranges} decide the condition of every term in a body of the given interior levels. */
    private boolean decided(boolean[] interior, Map<Variable, DistinctElements.Range> ranges) {
        for (Term term : terms) {
            Expr cond = condition(term, interior);
            if (cond != null) {
                Expr folded = DecidedConditions.folded(cond, ranges);
                if (!DecidedConditions.isTrue(folded) && !DecidedConditions.isFalse(folded)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * {@code ranges} and the counter of level {@code k} running from its first value (see
     * {@link #first}: {@code from} where that is raised to the array's first index where it runs)
     * to {@code to}.
     */
    private Map<Variable, DistinctElements.Range> within(Map<Variable, DistinctElements.Range> ranges, int k,
            Expr from, Expr to) {
        Map<Variable, DistinctElements.Range> out = new LinkedHashMap<>(ranges);
        Expr first = first(k, from);
        out.put(levels.get(k).counter(), new DistinctElements.Range(first instanceof IntLit ? first : from, to));
        return out;
    }

    /** {@code for (c = from; c < to + 1; c++)}: the bound simplified, as a person writes it. */
    private For loop(int k, Expr from, Expr to, List<Stmt> body) {
        return new For(levels.get(k).counter(), first(k, from), Binary.Op.LT, plus(to, 1), Exprs.integer(1),
                new Block(body, range), k == 0 ? omp : null, List.of(), range);
    }

    /**
     * {@code t[c] += sum}: each term under its branch condition and, at the levels not known to
     * be interior, the test that its source iteration exists; terms under the same condition
     * summed under one; guarded by the union of the conditions when no term is unconditional.
     * What the loops' ranges decide is folded ({@link DecidedConditions}): a term whose
     * condition holds everywhere in the loop is unconditional, one whose condition never holds
     * is left out.
     */
    private Stmt body(boolean[] interior, Map<Variable, DistinctElements.Range> ranges) {
        Map<Expr, Expr> byCondition = new LinkedHashMap<>();
        Expr always = null;
        for (Term term : terms) {
            Expr cond = condition(term, interior);
            if (cond != null) {
                cond = DecidedConditions.folded(cond, ranges);
                if (DecidedConditions.isFalse(cond)) {
                    continue;
                }
                if (DecidedConditions.isTrue(cond)) {
                    cond = null;
                }
            }
            if (cond == null) {
                always = always == null ? term.value() : Exprs.add(always, term.value());
            } else {
                byCondition.merge(cond, term.value(), Exprs::add);
            }
        }
        Expr sum = always;
        Expr any = null;
        for (Map.Entry<Expr, Expr> e : byCondition.entrySet()) {
            Expr term = new Cond(e.getKey(), e.getValue(), new RealLit(0.0));
            sum = sum == null ? term : Exprs.add(sum, term);
            any = any == null ? e.getKey() : new Binary(Binary.Op.OR, any, e.getKey());
        }
        if (sum == null) {
            // the ranges rule out every term here: nothing reaches these elements
            return new Block(List.of(), range);
        }
        List<Expr> indices = new ArrayList<>();
        for (int d = 0; d < map.length; d++) {
            indices.add(new VarRef(levels.get(map[d]).counter()));
        }
        Stmt increment = new Assign(new ArrayRef(t, stride == null ? indices : List.of(FlatIndex.linear(indices,
                stride))), Assign.Op.ADD, sum);
        return always != null ? increment : new If(any, Block.of(increment), null, range);
    }

    /**
     * The condition of {@code term} in a body of the given interior levels: at the levels not
     * known to be interior, the test that its source iteration exists, and its branch condition;
     * null when it has none.
     */
    private Expr condition(Term term, boolean[] interior) {
        Expr cond = null;
        for (int k = 0; k < levels.size(); k++) {
            if (interior[k]) {
                continue;
            }
            Level l = levels.get(k);
            Expr source = ExprUtil.simplify(Exprs.sub(new VarRef(l.counter()), Exprs.integer(term.offsets()[k])));
            if (term.offsets()[k] != min[k]) {
                cond = GatherIncrements.and(cond, Exprs.ge(source, l.lo()));
            }
            if (term.offsets()[k] != max[k]) {
                cond = GatherIncrements.and(cond, Exprs.le(source, l.hi()));
            }
        }
        return term.guard() == null ? cond : GatherIncrements.and(cond, term.guard());
    }

    /**
     * The first value of a loop of level {@code k}: {@code from}, but not below the first index
     * of the dimension of {@code t} it indexes (the union of the shifted ranges may begin before
     * the array, where no term contributes; a Kokkos range cannot begin below zero).
     */
    private Expr first(int k, Expr from) {
        if (stride != null) {
            // one block: its columns are proven inside a row, a row before the first is tested
            return from;
        }
        for (int d = 0; d < map.length; d++) {
            if (map[d] == k && t.dims().get(d).lower() instanceof IntLit l) {
                if (from instanceof IntLit f) {
                    return f.value() < l.value() ? l : f;
                }
                // a C or Fortran loop may start before the array (its body tests every term); a
                // Kokkos range may not, so a View's is clamped where it runs
                return t.hasRuntimeShape() ? new Cond(Exprs.lt(from, l), l, from) : from;
            }
        }
        return from;
    }

    private static Expr plus(Expr e, long c) {
        return ExprUtil.simplify(Exprs.add(e, Exprs.integer(c)));
    }
}
