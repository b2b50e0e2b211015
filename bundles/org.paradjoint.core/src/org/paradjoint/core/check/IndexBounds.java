package org.paradjoint.core.check;

import java.util.LinkedHashMap;
import java.util.Map;

import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.analysis.IndexRanges.EmptyLoops;
import org.paradjoint.core.analysis.IndexRanges.Interval;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/**
 * Which leading indices a function can use on each array parameter, as intervals, given the
 * values of its integer parameters and the value ranges of its index arrays ({@link IndexRanges}
 * at those values; loops that never run access nothing). Used to size arrays whose leading extent
 * the declarations leave open (the documented default of {@code --extent}).
 */
final class IndexBounds {

    private IndexBounds() {
    }

    /**
     * For every array parameter the function indexes, the interval of its leading index
     * ({@link Interval#TOP} when unbounded, e.g. passed whole to a call).
     */
    static Map<Variable, Interval> leadingIndices(Function f, Map<String, Long> ints, Map<String, Interval> contents) {
        IndexRanges r = IndexRanges.at(f, ints, a -> contents.getOrDefault(a.name(), Interval.TOP), EmptyLoops.SKIP);
        Map<Variable, Interval> out = new LinkedHashMap<>();
        for (Variable v : r.accessed()) {
            Interval lead = r.passedWhole(v) ? Interval.TOP : r.dimension(v, 0);
            if (lead != null) {
                out.put(v, lead);
            }
        }
        return out;
    }
}
