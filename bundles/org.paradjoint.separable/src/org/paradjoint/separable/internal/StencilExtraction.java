package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.paradjoint.separable.internal.Stencil.Offset;
import org.paradjoint.separable.internal.SymbolicPattern.Loop;
import org.paradjoint.separable.internal.SymbolicPattern.Ref;
import org.paradjoint.separable.internal.SymbolicPattern.Update;

/**
 * Turns the symbolic updates into a {@link Stencil}, or says why the pattern is not one. The
 * conditions, each needed for the colouring to be valid for every value of the parameters:
 * <ul>
 * <li>every loop around an update counts up by 1 from a constant, so the row's lattice position is
 * {@code counter - lower} per loop; updates of one block come from nests of one depth whose inner
 * trip counts agree, so that equal slots are equal positions;</li>
 * <li>every index is {@code sum_d stride_d * counter_d + constant} with strides that form a chain
 * ({@code 1, E0, E0 * E1, ...}), every dimension driven by one loop position, the same one
 * everywhere: then the column's lattice point is the row's position plus a constant;</li>
 * <li>for every dimension but the last, the conditions where the entry is read prove
 * {@code 0 <= p_d <= extent_d - 1}: the entry number then determines the point (no wrap-around
 * into the next grid line, which a mere offset would not see).</li>
 * </ul>
 */
final class StencilExtraction {

    /** The stencil, or the reason there is none. */
    record Outcome(Stencil stencil, String reason) {
    }

    /** The support file decomposes entry numbers into at most this many grid coordinates. */
    static final int MAX_DIMENSIONS = 8;

    private final RowLayout layout;
    private final int arrays;

    private StencilExtraction(RowLayout layout, int arrays) {
        this.layout = layout;
        this.arrays = arrays;
    }

    static Outcome of(List<Update> updates, RowLayout layout, int arrays) {
        try {
            return new Outcome(new StencilExtraction(layout, arrays).extract(updates), null);
        } catch (NotAStencil e) {
            return new Outcome(null, e.getMessage());
        }
    }

    private Stencil extract(List<Update> updates) {
        List<Update> used = updates.stream().filter(u -> !u.refs().isEmpty()).toList();
        if (used.isEmpty()) {
            throw new NotAStencil("no elemental depends on the active inputs");
        }
        for (Update u : used) {
            for (Ref r : u.refs()) {
                if (!r.isKnown()) {
                    throw new NotAStencil(r.unknownBecause());
                }
            }
            if (u.loops().isEmpty()) {
                throw new NotAStencil("'" + name(u) + "' is updated outside any loop");
            }
            for (Loop l : u.loops()) {
                if (l.trips() == null) {
                    throw new NotAStencil("a loop around an update of '" + name(u) + "' does not count up by 1 "
                            + "between integer bounds");
                }
                if (!l.lower().isConstant()) {
                    throw new NotAStencil("the loop over " + l.counter() + " starts at " + l.lower()
                            + ", not at a constant");
                }
            }
        }
        sameNestShapePerBlock(used);
        List<Poly> strides = strides(used);
        if (strides.size() > MAX_DIMENSIONS) {
            throw new NotAStencil("the grid has more than " + MAX_DIMENSIONS + " dimensions");
        }
        List<Poly> extents = new ArrayList<>();
        for (int d = 0; d + 1 < strides.size(); d++) {
            Poly e = strides.get(d + 1).dividedByMonomial(strides.get(d));
            if (e == null) {
                throw new NotAStencil("the strides " + strides + " are not products of grid extents");
            }
            extents.add(e);
        }
        Map<Integer, Integer> positionOfDim = new HashMap<>();
        List<Set<Offset>> blocks = new ArrayList<>();
        for (int b = 0; b < layout.blocks(); b++) {
            blocks.add(new LinkedHashSet<>());
        }
        Map<String, Set<Offset>> perElemental = new LinkedHashMap<>();
        for (Update u : used) {
            for (Ref r : u.refs()) {
                Offset o = offset(u, r, strides, extents, positionOfDim);
                blocks.get(layout.blockOf(u.elemental())).add(o);
                perElemental.computeIfAbsent(name(u), k -> new LinkedHashSet<>()).add(o);
            }
        }
        return new Stencil(strides, extents, arrays, blocks, perElemental);
    }

    /** Equal slot numbers must mean equal loop positions within a block. */
    private void sameNestShapePerBlock(List<Update> used) {
        Map<Integer, List<Poly>> shape = new HashMap<>();
        for (Update u : used) {
            List<Poly> inner = new ArrayList<>();
            u.loops().stream().skip(1).forEach(l -> inner.add(l.trips()));
            inner.add(0, Poly.constant(u.loops().size()));
            List<Poly> seen = shape.putIfAbsent(layout.blockOf(u.elemental()), inner);
            if (seen != null && !seen.equals(inner)) {
                throw new NotAStencil("the loop nests that share the slots of '" + name(u)
                        + "' differ in depth or inner trip counts");
            }
        }
    }

    /** The distinct coefficients of the counters, innermost (the constant 1) first. */
    private static List<Poly> strides(List<Update> used) {
        Set<Poly> all = new LinkedHashSet<>();
        for (Update u : used) {
            List<String> counters = u.loops().stream().map(Loop::counter).toList();
            for (Ref r : u.refs()) {
                for (String c : counters) {
                    Poly k = r.index().coefficientOf(c);
                    if (k == null || k.mentionsAny(counters)) {
                        throw new NotAStencil("the index " + r.index() + " is not linear in the loop counters");
                    }
                    if (!k.terms().isEmpty()) {
                        all.add(k);
                    }
                }
            }
        }
        TreeSet<Poly> sorted = new TreeSet<>((a, b) -> {
            int c = Integer.compare(degree(a), degree(b));
            return c != 0 ? c : a.toString().compareTo(b.toString());
        });
        sorted.addAll(all);
        List<Poly> out = new ArrayList<>(sorted);
        if (out.isEmpty() || !out.get(0).equals(Poly.constant(1))) {
            throw new NotAStencil("no index moves by 1 with a loop counter (strides " + out + ")");
        }
        for (int d = 1; d < out.size(); d++) {
            if (degree(out.get(d)) == degree(out.get(d - 1))) {
                throw new NotAStencil("the strides " + out + " do not nest");
            }
        }
        return out;
    }

    private Offset offset(Update u, Ref r, List<Poly> strides, List<Poly> extents, Map<Integer, Integer> positionOfDim) {
        List<String> counters = u.loops().stream().map(Loop::counter).toList();
        int dims = strides.size();
        String[] counterOfDim = new String[dims];
        for (int t = 0; t < counters.size(); t++) {
            Poly k = r.index().coefficientOf(counters.get(t));
            if (k.terms().isEmpty()) {
                continue;
            }
            int d = strides.indexOf(k);
            if (counterOfDim[d] != null) {
                throw new NotAStencil("two loop counters move " + r.index() + " along one dimension");
            }
            counterOfDim[d] = counters.get(t);
            Integer before = positionOfDim.putIfAbsent(d, t);
            if (before != null && before != t) {
                throw new NotAStencil("the loops that drive one grid dimension are nested differently");
            }
        }
        // the constant part, dimension by dimension from the outermost (division by the leading term)
        Poly rest = r.index().without(counters);
        int[] delta = new int[dims];
        for (int d = dims - 1; d >= 1; d--) {
            if (counterOfDim[d] == null) {
                throw new NotAStencil("the index " + r.index() + " does not move with a loop counter in every "
                        + "dimension");
            }
            String lead = leadingMonomial(strides.get(d));
            long coeff = strides.get(d).terms().get(lead);
            long have = rest.terms().getOrDefault(lead, 0L);
            if (have % coeff != 0) {
                throw new NotAStencil("the index " + r.index() + " is no constant offset in the grid");
            }
            delta[d] = Math.toIntExact(have / coeff);
            rest = rest.minus(strides.get(d).times(delta[d]));
        }
        if (counterOfDim[0] == null || !rest.isConstant()) {
            throw new NotAStencil("the index " + r.index() + " is no constant offset in the grid");
        }
        delta[0] = Math.toIntExact(rest.constantTerm());
        List<Integer> rel = new ArrayList<>();
        for (int d = 0; d < dims; d++) {
            Poly point = Poly.symbol(counterOfDim[d]).plus(Poly.constant(delta[d]));
            if (d + 1 < dims && !(Conditions.implies(r.conditions(), point)
                    && Conditions.implies(r.conditions(), extents.get(d).minus(Poly.constant(1)).minus(point)))) {
                throw new NotAStencil("nothing shows that " + point + " stays within 0 .. " + extents.get(d)
                        + " - 1 where " + r.index() + " is read");
            }
            Loop loop = u.loops().get(counters.indexOf(counterOfDim[d]));
            rel.add(Math.toIntExact(delta[d] + loop.lower().constantTerm()));
        }
        return new Offset(r.array(), rel);
    }

    private static int degree(Poly p) {
        return p.terms().keySet().stream().mapToInt(m -> Poly.symbolsOf(m).size()).max().orElse(0);
    }

    private static String leadingMonomial(Poly p) {
        String best = "";
        for (String m : p.terms().keySet()) {
            if (Poly.symbolsOf(m).size() > Poly.symbolsOf(best).size()) {
                best = m;
            }
        }
        return best;
    }

    private static String name(Update u) {
        return u.elemental().source().scalar().name();
    }

    private static final class NotAStencil extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAStencil(String why) {
            super(why, null, false, false);
        }
    }
}
