package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Guards of a nest whose box is not known to lie where its terms are valid (remainder nests of
 * the guarded strategy, the small-domain nest): each statement keeps its write inside the
 * positions its input is read at, each term checks that its iteration exists. Conditions the
 * box or the statement guard already imply are left out; terms valid nowhere in the box are
 * dropped, and so are statements left without terms.
 */
final class Guards {

    private final Geometry g;
    private final Facts facts;

    Guards(Geometry g, Facts facts) {
        this.g = g;
        this.facts = facts;
    }

    NestPlan plan(List<Extent> box) {
        List<NestPlan.Gather> gathers = new ArrayList<>();
        for (Input in : g.gathered()) {
            List<Bound> stmt = new ArrayList<>();
            for (int k = 0; k < g.depth(); k++) {
                addUnlessImplied(stmt, box.get(k), new Bound(k, true, g.lower(k).plus(g.min(in, k))));
                addUnlessImplied(stmt, box.get(k), new Bound(k, false, g.upper(k).plus(g.max(in, k))));
            }
            List<NestPlan.Term> terms = new ArrayList<>();
            for (Shift s : g.shifts(in)) {
                List<Bound> guard = termGuard(box, s, stmt);
                if (guard != null) {
                    terms.add(new NestPlan.Term(s, guard));
                }
            }
            if (!terms.isEmpty()) {
                if (terms.size() == 1) {
                    // one term: where it is valid the input is read, so its validity alone guards the write
                    Shift only = terms.get(0).shift();
                    stmt = termGuard(box, only, List.of());
                    terms = List.of(new NestPlan.Term(only, List.of()));
                }
                gathers.add(new NestPlan.Gather(in, terms, stmt));
            }
        }
        return new NestPlan(box, gathers);
    }

    /** The conditions under which shift {@code s} is valid, or null when it is valid nowhere in the box. */
    private List<Bound> termGuard(List<Extent> box, Shift s, List<Bound> stmt) {
        List<Bound> guard = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            Extent e = box.get(k);
            Affine first = g.lower(k).plus(s.at(k));
            Affine last = g.upper(k).plus(s.at(k));
            if (facts.lt(e.hi(), first) || e.cap() != null && facts.lt(e.cap(), first) || facts.lt(last, e.lo())) {
                return null;
            }
            Bound low = new Bound(k, true, first);
            Bound high = new Bound(k, false, last);
            if (!stmt.contains(low)) {
                addUnlessImplied(guard, e, low);
            }
            if (!stmt.contains(high)) {
                addUnlessImplied(guard, e, high);
            }
        }
        return guard;
    }

    private void addUnlessImplied(List<Bound> out, Extent e, Bound b) {
        boolean implied = b.lower() ? facts.lowAtLeast(e, b.value()) : facts.highAtMost(e, b.value());
        if (!implied) {
            out.add(b);
        }
    }
}
