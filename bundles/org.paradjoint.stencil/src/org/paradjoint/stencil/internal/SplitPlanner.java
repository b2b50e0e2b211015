package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The {@code split} strategy. Per dimension the distinct shift values {@code s_0 < ... < s_{p-1}}
 * cut the hull into {@code 2p - 1} disjoint segments: low remainders
 * {@code [L + s_a, L + s_{a+1} - 1]} (valid: shifts up to {@code s_a}), the core
 * {@code [L + s_{p-1}, U + s_0]} (all shifts) and high remainders
 * {@code [U + s_a + 1, U + s_{a+1}]} (shifts from {@code s_{a+1}}). Their products are the nests,
 * each summing exactly the terms valid on it, without guards. This is exact when every
 * dimension is at least as wide as its stencil span ({@code U - L + 1 >= s_{p-1} - s_0}; then low
 * and high remainders cannot meet); {@link #condition} states that, and smaller domains take the
 * guarded nest instead.
 */
final class SplitPlanner {

    private record Segment(Extent extent, IntPredicate valid, boolean core) {
    }

    private final Geometry g;

    SplitPlanner(Geometry g) {
        this.g = g;
    }

    /** Conditions {@code U_k - L_k >= span_k - 1} that make the split nests exact (constant-true ones omitted). */
    List<Affine> condition() {
        List<Affine> out = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            if (g.span(k) > 0) {
                Affine c = g.upper(k).minus(g.lower(k)).plus(-(g.span(k) - 1));
                if (!out.contains(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /**
     * The nests as rows: each row is a list of boxes that share their extents in all but the
     * innermost dimension, ordered along it, so that one loop nest over the outer dimensions can
     * visit a whole row of memory (the remainders of the contiguous dimension then cost no
     * strided sweeps). Boxes that sum the same terms are merged first along the innermost
     * dimension, then rows with the same boxes along the outer ones, so that e.g. a face of a
     * star stencil is one nest rather than one per segment of the other dimensions. The row of
     * the core comes first, the others in lexicographic order of their segments.
     */
    List<List<NestPlan>> rows() {
        List<List<Segment>> segments = new ArrayList<>();
        for (int k = 0; k < g.depth(); k++) {
            segments.add(segments(k));
        }
        int last = g.depth() - 1;
        List<Piece> pieces = new ArrayList<>();
        int[] pick = new int[g.depth()];
        while (true) {
            List<NestPlan.Gather> gathers = gathers(segments, pick);
            if (!gathers.isEmpty()) {
                pieces.add(new Piece(pick.clone(), pick.clone(), gathers));
            }
            int k = last;
            while (k >= 0 && ++pick[k] == segments.get(k).size()) {
                pick[k] = 0;
                k--;
            }
            if (k < 0) {
                break;
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Piece p : merge(pieces, last)) {
            Row row = rows.isEmpty() ? null : rows.get(rows.size() - 1);
            if (row != null && sameOuter(row.pieces().get(0), p, last)) {
                row.pieces().add(p);
            } else {
                rows.add(new Row(p.from(), p.to(), new ArrayList<>(List.of(p))));
            }
        }
        for (int k = last - 1; k >= 0; k--) {
            rows = mergeRows(rows, k);
        }
        List<List<NestPlan>> out = new ArrayList<>();
        for (Row r : rows) {
            List<NestPlan> plans = new ArrayList<>();
            for (Piece p : r.pieces()) {
                List<Extent> box = new ArrayList<>();
                for (int k = 0; k < g.depth(); k++) {
                    int from = k == last ? p.from()[k] : r.from()[k];
                    int to = k == last ? p.to()[k] : r.to()[k];
                    box.add(Extent.range(segments.get(k).get(from).extent().lo(),
                            segments.get(k).get(to).extent().hi()));
                }
                plans.add(new NestPlan(box, p.gathers()));
            }
            boolean core = r.pieces().stream().anyMatch(p -> isCore(p, segments, r));
            out.add(core ? 0 : out.size(), plans);
        }
        return out;
    }

    /** The nests one after the other (row by row). */
    List<NestPlan> plan() {
        List<NestPlan> out = new ArrayList<>();
        rows().forEach(out::addAll);
        return out;
    }

    /** Boxes covering segments {@code from[k]..to[k]} of each dimension, and the terms they sum. */
    private record Piece(int[] from, int[] to, List<NestPlan.Gather> gathers) {
    }

    /** Pieces sharing the outer segment ranges {@code from..to} (the innermost entries unused). */
    private record Row(int[] from, int[] to, List<Piece> pieces) {
    }

    private boolean isCore(Piece p, List<List<Segment>> segments, Row r) {
        for (int k = 0; k < g.depth(); k++) {
            int from = k == g.depth() - 1 ? p.from()[k] : r.from()[k];
            int to = k == g.depth() - 1 ? p.to()[k] : r.to()[k];
            if (from != to || !segments.get(k).get(from).core()) {
                return false;
            }
        }
        return true;
    }

    /** Joins pieces that differ only in dimension {@code k}, touch there, and sum the same terms. */
    private static List<Piece> merge(List<Piece> pieces, int k) {
        List<Piece> out = new ArrayList<>();
        for (Piece p : pieces) {
            Piece prev = out.isEmpty() ? null : out.get(out.size() - 1);
            if (prev != null && prev.to()[k] + 1 == p.from()[k] && sameElsewhere(prev.from(), prev.to(), p.from(),
                    p.to(), k, p.from().length) && prev.gathers().equals(p.gathers())) {
                int[] to = prev.to().clone();
                to[k] = p.to()[k];
                out.set(out.size() - 1, new Piece(prev.from(), to, prev.gathers()));
            } else {
                out.add(p);
            }
        }
        return out;
    }

    /** Joins rows that differ only in outer dimension {@code k}, touch there, and hold the same boxes. */
    private static List<Row> mergeRows(List<Row> rows, int k) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            Row joined = null;
            int at = -1;
            for (int q = out.size() - 1; q >= 0 && joined == null; q--) {
                Row o = out.get(q);
                int outer = r.from().length - 1;
                if (o.to()[k] + 1 == r.from()[k] && sameElsewhere(o.from(), o.to(), r.from(), r.to(), k, outer)
                        && sameBoxes(o, r)) {
                    int[] to = o.to().clone();
                    to[k] = r.to()[k];
                    joined = new Row(o.from(), to, o.pieces());
                    at = q;
                }
            }
            if (joined != null) {
                out.set(at, joined);
            } else {
                out.add(r);
            }
        }
        return out;
    }

    private static boolean sameBoxes(Row a, Row b) {
        if (a.pieces().size() != b.pieces().size()) {
            return false;
        }
        int last = a.from().length - 1;
        for (int q = 0; q < a.pieces().size(); q++) {
            Piece x = a.pieces().get(q);
            Piece y = b.pieces().get(q);
            if (x.from()[last] != y.from()[last] || x.to()[last] != y.to()[last] || !x.gathers().equals(y.gathers())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameOuter(Piece a, Piece b, int last) {
        return sameElsewhere(a.from(), a.to(), b.from(), b.to(), last, last);
    }

    /** Equal ranges in every dimension below {@code limit} except {@code k}. */
    private static boolean sameElsewhere(int[] aFrom, int[] aTo, int[] bFrom, int[] bTo, int k, int limit) {
        for (int j = 0; j < limit; j++) {
            if (j != k && (aFrom[j] != bFrom[j] || aTo[j] != bTo[j])) {
                return false;
            }
        }
        return true;
    }

    /** The terms of each input valid on the box of the picked segments (inputs with none left out). */
    private List<NestPlan.Gather> gathers(List<List<Segment>> segments, int[] pick) {
        List<NestPlan.Gather> gathers = new ArrayList<>();
        for (Input in : g.gathered()) {
            List<NestPlan.Term> terms = new ArrayList<>();
            for (Shift s : g.shifts(in)) {
                boolean valid = true;
                for (int k = 0; k < g.depth(); k++) {
                    valid &= segments.get(k).get(pick[k]).valid().test(s.at(k));
                }
                if (valid) {
                    terms.add(new NestPlan.Term(s, List.of()));
                }
            }
            if (!terms.isEmpty()) {
                gathers.add(new NestPlan.Gather(in, terms, List.of()));
            }
        }
        return gathers;
    }

    private List<Segment> segments(int k) {
        int[] s = g.values(k);
        int p = s.length;
        Affine lo = g.lower(k);
        Affine hi = g.upper(k);
        List<Segment> out = new ArrayList<>();
        for (int a = 0; a + 1 < p; a++) {
            int upTo = s[a];
            out.add(new Segment(Extent.range(lo.plus(s[a]), lo.plus(s[a + 1] - 1)), v -> v <= upTo, false));
        }
        out.add(new Segment(Extent.range(lo.plus(s[p - 1]), hi.plus(s[0])), v -> true, true));
        for (int a = 0; a + 1 < p; a++) {
            int from = s[a + 1];
            out.add(new Segment(Extent.range(hi.plus(s[a] + 1), hi.plus(s[a + 1])), v -> v >= from, false));
        }
        return out;
    }
}
