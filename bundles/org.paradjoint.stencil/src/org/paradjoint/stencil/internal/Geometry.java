package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The index geometry of a stencil nest in counter space. Loop {@code k} runs over
 * {@code [L_k, U_k]}; the term of shift {@code s} is valid at gather position {@code x} when the
 * iteration {@code x - s} exists, i.e. {@code L_k + s_k <= x_k <= U_k + s_k} in every dimension.
 * Per dimension, the distinct shift values of all gathered inputs give the hull
 * {@code [L + min, U + max]} (every position some term reaches) and the core
 * {@code [L + max, U + min]} (where every term is valid).
 */
final class Geometry {

    private final StencilNest nest;
    private final List<int[]> values = new ArrayList<>();

    Geometry(StencilNest nest) {
        this.nest = nest;
        for (int k = 0; k < nest.depth(); k++) {
            TreeSet<Integer> vs = new TreeSet<>();
            for (Input in : gathered()) {
                for (Shift s : shifts(in)) {
                    vs.add(s.at(k));
                }
            }
            if (vs.isEmpty()) {
                vs.add(0);
            }
            values.add(vs.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    StencilNest nest() {
        return nest;
    }

    int depth() {
        return nest.depth();
    }

    List<Input> gathered() {
        return nest.inputs().stream().filter(Input::isGathered).toList();
    }

    List<Shift> shifts(Input in) {
        return List.copyOf(nest.contributions().get(in).keySet());
    }

    /** The distinct shift values of dimension {@code k}, ascending. */
    int[] values(int k) {
        return values.get(k).clone();
    }

    int min(int k) {
        return values.get(k)[0];
    }

    int max(int k) {
        int[] v = values.get(k);
        return v[v.length - 1];
    }

    int span(int k) {
        return max(k) - min(k);
    }

    int min(Input in, int k) {
        return shifts(in).stream().mapToInt(s -> s.at(k)).min().orElse(0);
    }

    int max(Input in, int k) {
        return shifts(in).stream().mapToInt(s -> s.at(k)).max().orElse(0);
    }

    Affine lower(int k) {
        return nest.levels().get(k).lower();
    }

    Affine upper(int k) {
        return nest.levels().get(k).upper();
    }

    Extent hull(int k) {
        return Extent.range(lower(k).plus(min(k)), upper(k).plus(max(k)));
    }

    Extent core(int k) {
        return Extent.range(lower(k).plus(max(k)), upper(k).plus(min(k)));
    }

    /** Facts that hold where the primal loop runs at least once: {@code U_k - L_k >= 0}. */
    Facts primalRuns() {
        List<Affine> f = new ArrayList<>();
        for (int k = 0; k < depth(); k++) {
            f.add(upper(k).minus(lower(k)));
        }
        return new Facts(f);
    }
}
