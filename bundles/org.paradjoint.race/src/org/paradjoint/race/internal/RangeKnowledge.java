package org.paradjoint.race.internal;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.race.internal.LoopModel.Fact;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/** The part of the knowledge that holds for every two iterations of the loop range (used with bounds). */
final class RangeKnowledge {

    private final LoopModel m;

    private RangeKnowledge(LoopModel m) {
        this.m = m;
    }

    /**
     * What the facts say about <em>all</em> pairs of iterations, not only about {@code i, i'}.
     * A fact {@code alpha*a + beta1 != alpha*b + beta2} (loop-invariant betas) holds for every
     * two iterations {@code a != b}, so the difference {@code d = (beta2 - beta1) / alpha} is not
     * a difference of two iterations: not {@code 0 < |d| < span} with {@code d} a multiple of
     * the stride. This is exact quantifier elimination of the universally quantified fact, and
     * quantifier-free: it is what proves the LBM example (the directions' offsets are farther
     * apart than the loop range is long). Null when no fact qualifies.
     */
    static Formula of(LoopModel m, List<Fact> facts) {
        return new RangeKnowledge(m).build(facts);
    }

    private Formula build(List<Fact> facts) {
        if (m.span == null || !isInvariant(m.span) || !m.collapsedCounters.isEmpty()) {
            // collapsed iterations may share the parallel counter: its differences say nothing
            return null;
        }
        String i = m.counterVar();
        String i1 = i + "'";
        List<Formula> out = new ArrayList<>();
        for (Fact f : facts) {
            if (f.a() != null && (!f.a().innerLoops().isEmpty() || !f.b().innerLoops().isEmpty())) {
                continue;
            }
            if (!isInvariant(f.guard())) {
                continue;
            }
            Formula d = rangeFact(f.left(), f.right(), i, i1);
            if (d != null) {
                out.add(Logic.implies(f.guard(), d));
            }
        }
        Formula all = Logic.and(out);
        return all.equals(Logic.TRUE) ? null : all;
    }

    /** The range form of {@code left(i) != right(i')}, or null when it is not of the affine shape. */
    private Formula rangeFact(List<Term> left, List<Term> right, String i, String i1) {
        int n = left.size();
        long[] alpha = new long[n];
        Term[] delta = new Term[n];
        int unit = -1;
        for (int k = 0; k < n; k++) {
            Logic.Affine l = Logic.affine(left.get(k), i);
            Logic.Affine r = Logic.affine(right.get(k), i1);
            if (l == null || r == null || l.coefficient() != r.coefficient() || !isInvariant(l.rest())
                    || !isInvariant(r.rest())) {
                return null;
            }
            alpha[k] = l.coefficient();
            delta[k] = Logic.sub(r.rest(), l.rest());
            if (unit < 0 && Math.abs(alpha[k]) == 1) {
                unit = k;
            }
        }
        Term span = m.span;
        long s = m.stride;
        if (unit >= 0) {
            // alpha = +-1 in component unit: the difference of the iterations is determined.
            Term d = alpha[unit] == 1 ? delta[unit] : Logic.neg(delta[unit]);
            List<Formula> collide = new ArrayList<>();
            collide.add(Logic.ne(d, Logic.num(0)));
            collide.add(Logic.lt(d, span));
            collide.add(Logic.lt(Logic.neg(d), span));
            if (s > 1) {
                collide.add(Logic.eq(Logic.mod(d, s), Logic.num(0)));
            }
            for (int k = 0; k < n; k++) {
                if (k != unit) {
                    collide.add(Logic.eq(Logic.mul(Logic.num(alpha[k]), d), delta[k]));
                }
            }
            return Logic.not(Logic.and(collide));
        }
        if (n == 1 && alpha[0] != 0) {
            long a = Math.abs(alpha[0]);
            Term dl = delta[0];
            Term limit = Logic.mul(Logic.num(a), span);
            return Logic.not(Logic.and(Logic.ne(dl, Logic.num(0)), Logic.eq(Logic.mod(dl, Math.multiplyExact(a, s)),
                    Logic.num(0)), Logic.lt(dl, limit), Logic.lt(Logic.neg(dl), limit)));
        }
        return null;
    }

    /** True when {@code t} only involves loop-invariant values (no per-iteration variable). */
    private boolean isInvariant(Term t) {
        return Logic.vars(t).stream().noneMatch(m::isSideVar);
    }

    private boolean isInvariant(Formula f) {
        return Logic.freeVars(f).stream().noneMatch(m::isSideVar);
    }
}
