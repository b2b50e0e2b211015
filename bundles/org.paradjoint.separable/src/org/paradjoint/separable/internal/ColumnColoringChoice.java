package org.paradjoint.separable.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.separable.internal.Stencil.Offset;

/**
 * How the generated gradient colours the columns of the elemental Jacobian: fixed at generation time
 * when the pattern is a {@link Stencil} (the colouring, the colours each elemental alone would need),
 * else at run time by the support file's greedy pass, with the reason.
 */
public record ColumnColoringChoice(Stencil stencil, PeriodicColoring coloring, Map<String, Integer> perElemental,
        String runTimeBecause) {

    /** The choice for a model and its row layout. */
    public static ColumnColoringChoice of(ActiveModel m, RowLayout layout) {
        if (!m.isCacheable()) {
            return runTime("branches, loop bounds or indices depend on array values");
        }
        StencilExtraction.Outcome o = StencilExtraction.of(SymbolicPattern.of(m), layout, m.independents().size());
        if (o.stencil() == null) {
            return runTime(o.reason());
        }
        Stencil s = o.stencil();
        PeriodicColoring c = PeriodicColoring.of(s.blocks(), s.dimensions(), s.arrays());
        if (c == null) {
            return runTime("the stencil is too wide for a table of at most " + PeriodicColoring.MAX_TABLE
                    + " entries");
        }
        Map<String, Integer> per = new LinkedHashMap<>();
        for (Map.Entry<String, Set<Offset>> e : s.perElemental().entrySet()) {
            // an elemental that makes up the only block alone needs what the whole needs: no second search
            PeriodicColoring alone = s.blocks().equals(List.of(e.getValue())) ? c
                    : PeriodicColoring.of(List.of(e.getValue()), s.dimensions(), s.arrays());
            per.put(e.getKey(), alone == null ? c.colors() : alone.colors());
        }
        return new ColumnColoringChoice(s, c, per, null);
    }

    private static ColumnColoringChoice runTime(String why) {
        return new ColumnColoringChoice(null, null, Map.of(), why);
    }

    public boolean atGenerationTime() {
        return coloring != null;
    }
}
