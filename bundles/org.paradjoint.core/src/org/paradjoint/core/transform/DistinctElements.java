package org.paradjoint.core.transform;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Whether two references to an array can never name the same element, from their indices alone:
 * at some position the indices differ by a non-zero constant ({@code x[i]} and {@code x[i + 1]}),
 * or one index is a loop counter and the other lies outside the counter's range
 * ({@code B[k][j]} with {@code k = i + 1 .. m - 1} against {@code B[i][j]}: the triangular loops
 * of trmm, lu and cholesky). Sound for any values of the other variables, since the difference
 * is constant; anything it cannot decide is "may be the same".
 */
final class DistinctElements {

    /** The first and last value of a counter, lowest first. */
    record Range(Expr lowest, Expr highest) {

        /** The counter values of a loop with step 1 or -1, or null for other loops. */
        static Range of(For f) {
            Long step = f.constantStep();
            if (step == null) {
                return null;
            }
            if (step == 1 && (f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE)) {
                return new Range(f.lower(), f.cmp() == Binary.Op.LT ? Exprs.sub(f.bound(), new IntLit(1)) : f.bound());
            }
            if (step == -1 && (f.cmp() == Binary.Op.GT || f.cmp() == Binary.Op.GE)) {
                return new Range(f.cmp() == Binary.Op.GT ? Exprs.add(f.bound(), new IntLit(1)) : f.bound(), f.lower());
            }
            return null;
        }

        /** Whether {@code other} holds the same counter values (in whichever order they are run). */
        boolean sameValues(Range other) {
            return other != null && same(lowest, other.lowest) && same(highest, other.highest);
        }

        private static boolean same(Expr a, Expr b) {
            return a.equals(b) || Exprs.isZero(ExprUtil.simplify(Exprs.sub(a, b)));
        }

        /** Provably every value of this range is one of {@code outer}'s. */
        boolean within(Range outer) {
            return atMost(outer.lowest, lowest) && atMost(highest, outer.highest);
        }

        /** Provably no value of this range is one of {@code other}'s. */
        boolean apartFrom(Range other) {
            return atMost(Exprs.add(highest, new IntLit(1)), other.lowest)
                    || atMost(Exprs.add(other.highest, new IntLit(1)), lowest);
        }

        /** {@code lowest <= c && c <= highest}. */
        Expr contains(Variable c) {
            return new Binary(Binary.Op.AND, Exprs.ge(new VarRef(c), lowest), Exprs.le(new VarRef(c), highest));
        }

        /** Provably {@code a <= b}. */
        private static boolean atMost(Expr a, Expr b) {
            Long d = IntegerSums.difference(b, a, IntegerSums.VARIABLES);
            return d != null && d >= 0;
        }
    }

    private DistinctElements() {
    }

    /**
     * True when {@code a} and {@code b}, evaluated with the same value of every variable, name
     * different elements whatever the counters in {@code ranges} are.
     */
    static boolean distinct(ArrayRef a, ArrayRef b, Map<Variable, Range> ranges) {
        return distinct(a, b, ranges, Set.of());
    }

    /**
     * As {@link #distinct(ArrayRef, ArrayRef, Map)}, when {@code a} and {@code b} may be evaluated
     * in different iterations: the variables of {@code varying} (loop counters) may then have
     * different values in each, so a constant difference only separates indices that read none
     * of them ({@code x[k]} and {@code x[k + 1]} of iterations k and k + 1 are one element).
     */
    static boolean distinct(ArrayRef a, ArrayRef b, Map<Variable, Range> ranges, Set<Variable> varying) {
        if (!a.var().equals(b.var()) || a.indices().size() != b.indices().size()) {
            return false;
        }
        for (int p = 0; p < a.indices().size(); p++) {
            Expr x = a.indices().get(p);
            Expr y = b.indices().get(p);
            boolean fixed = varying.stream().noneMatch(v -> ExprUtil.references(x, v) || ExprUtil.references(y, v));
            if (fixed && (positive(difference(x, y)) || positive(difference(y, x)))
                    || outside(x, y, ranges, varying) || outside(y, x, ranges, varying)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code counter} is a counter with a known range and {@code other}, free of it and of the
     * {@code varying} variables, lies outside that range.
     */
    private static boolean outside(Expr counter, Expr other, Map<Variable, Range> ranges, Set<Variable> varying) {
        if (!(counter instanceof VarRef v) || !ranges.containsKey(v.var()) || ExprUtil.references(other, v.var())
                || varying.stream().anyMatch(x -> ExprUtil.references(other, x))) {
            return false;
        }
        Range r = ranges.get(v.var());
        return positive(difference(r.lowest(), other)) || positive(difference(other, r.highest()));
    }

    /**
     * True when {@code e} is at least {@code counter} ({@code sign} 1) or at most it ({@code sign}
     * -1) for every value of the counters in {@code ranges}: {@code e} is {@code counter} plus a
     * constant of that sign, or a counter of {@code ranges} whose range starts (ends) there.
     */
    static boolean beyond(Expr e, Variable counter, int sign, Map<Variable, Range> ranges) {
        Expr from = e instanceof VarRef v && !v.var().equals(counter) && ranges.containsKey(v.var())
                ? (sign > 0 ? ranges.get(v.var()).lowest() : ranges.get(v.var()).highest()) : e;
        Long d = difference(from, new VarRef(counter));
        return d != null && sign * d >= 0;
    }

    private static Long difference(Expr x, Expr y) {
        return IntegerSums.difference(x, y, IntegerSums.INTEGER_TERMS);
    }

    private static boolean positive(Long difference) {
        return difference != null && difference > 0;
    }

    /**
     * The index positions at which every one of {@code refs} has exactly {@code counter}: distinct
     * values of the counter reach distinct elements there. Empty when there is none (or no reference).
     */
    static Set<Integer> counterPositions(List<ArrayRef> refs, Variable counter) {
        Set<Integer> positions = null;
        for (ArrayRef r : refs) {
            Set<Integer> here = new java.util.HashSet<>();
            for (int p = 0; p < r.indices().size(); p++) {
                if (r.indices().get(p) instanceof VarRef c && c.var().equals(counter)) {
                    here.add(p);
                }
            }
            if (positions == null) {
                positions = here;
            } else {
                positions.retainAll(here);
            }
        }
        return positions == null ? Set.of() : positions;
    }

    /** The ranges of the given loops' counters (those with step 1 or -1). */
    static Map<Variable, Range> ranges(List<For> loops) {
        Map<Variable, Range> out = new java.util.HashMap<>();
        for (For f : loops) {
            Range r = Range.of(f);
            if (r != null) {
                out.put(f.counter(), r);
            }
        }
        return out;
    }
}
