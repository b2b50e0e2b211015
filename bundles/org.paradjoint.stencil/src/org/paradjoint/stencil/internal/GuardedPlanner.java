package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code guarded} strategy: the core nest, where every term is valid, and per dimension
 * {@code k} with a non-zero span one remainder nest on each side, whose terms are guarded. The
 * remainders of dimension {@code k} run over the core of the dimensions before it and the hull
 * of those after it, so that all of them together cover the hull exactly once:
 * low {@code [L + min, min(L + max - 1, U + min)]}, high {@code [U + min + 1, U + max]}. The cap
 * of the low side keeps the two apart when the domain is narrower than the stencil. At most
 * {@code 1 + 2d} nests (fewer loops: the innermost dimension's remainders share the core's
 * outer loops); correct wherever the primal loop runs.
 */
final class GuardedPlanner {

    private final Geometry g;

    GuardedPlanner(Geometry g) {
        this.g = g;
    }

    /** The nests one after the other: core first, then low and high remainder per dimension. */
    List<NestPlan> plan() {
        List<NestPlan> out = new ArrayList<>();
        rows().forEach(out::addAll);
        return out;
    }

    /**
     * The nests as rows (see {@link SplitPlanner#rows()}): the remainders of the innermost
     * dimension share the core's outer extents, so they join its row as low, core, high; the
     * other remainders are rows of their own.
     */
    List<List<NestPlan>> rows() {
        Guards guards = new Guards(g, g.primalRuns());
        List<Extent> coreBox = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            coreBox.add(g.core(k));
        }
        int last = g.depth() - 1;
        List<List<NestPlan>> rows = new ArrayList<>();
        List<NestPlan> coreRow = new ArrayList<>();
        rows.add(coreRow);
        for (int k = 0; k < g.depth(); k++) {
            if (g.span(k) == 0) {
                if (k == last) {
                    coreRow.add(guards.plan(coreBox));
                }
                continue;
            }
            Extent c = g.core(k);
            Extent h = g.hull(k);
            NestPlan low = guards.plan(box(k, new Extent(h.lo(), c.lo().plus(-1), c.hi())));
            NestPlan high = guards.plan(box(k, Extent.range(c.hi().plus(1), h.hi())));
            if (k == last) {
                coreRow.addAll(List.of(low, guards.plan(coreBox), high));
            } else {
                rows.add(new ArrayList<>(List.of(low)));
                rows.add(new ArrayList<>(List.of(high)));
            }
        }
        for (List<NestPlan> row : rows) {
            row.removeIf(p -> p.gathers().isEmpty());
        }
        rows.removeIf(List::isEmpty);
        return rows;
    }

    private List<Extent> box(int k, Extent side) {
        List<Extent> box = new ArrayList<>();
        for (int j = 0; j < g.depth(); j++) {
            box.add(j < k ? g.core(j) : j == k ? side : g.hull(j));
        }
        return box;
    }
}
