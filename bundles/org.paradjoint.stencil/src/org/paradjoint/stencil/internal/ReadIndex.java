package org.paradjoint.stencil.internal;

import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;

/**
 * The index map of an active read {@code a[c_l0 + o0][c_l1 + o1]...}: which loop counter each
 * dimension uses ({@code levels}) and the constant offsets, turned into a {@link Shift} of the
 * counter space. Every counter must appear exactly once, each with coefficient 1.
 */
record ReadIndex(List<Integer> levels, Shift shift) {

    static ReadIndex of(ArrayRef ref, List<Variable> counters, MessageSpelling spell) {
        int d = counters.size();
        String what = "'" + spell.expr(ref) + "'";
        if (ref.indices().size() != d) {
            throw new UnsupportedException("stencil-index-order.active-read-has", ref.range(), "what", what, "indices",
                    ref.indices().size(), "loops", d);
        }
        Integer[] levels = new Integer[d];
        int[] offsets = new int[d];
        boolean[] used = new boolean[d];
        for (int m = 0; m < d; m++) {
            Expr index = ref.indices().get(m);
            Affine a = Affine.parse(index, counters::contains);
            Map<Variable, Long> coef = a == null ? Map.of() : a.coefficients();
            if (a == null || coef.size() > 1 || coef.size() == 1 && coef.values().iterator().next() != 1) {
                throw new UnsupportedException("stencil-offset.index-active-read", ref.range(), "expr",
                        spell.expr(index), "what", what);
            }
            if (coef.isEmpty()) {
                throw new UnsupportedException("stencil-index-order.index-active-read", ref.range(), "expr",
                        spell.expr(index), "what", what);
            }
            int level = counters.indexOf(coef.keySet().iterator().next());
            if (used[level]) {
                throw new UnsupportedException("stencil-index-order.active-read-uses", ref.range(), "what", what,
                        "level", counters.get(level).name());
            }
            used[level] = true;
            levels[m] = level;
            long off = a.constantPart();
            if (Math.abs(off) > 1_000_000) {
                throw new UnsupportedException("stencil-offset.offset-too-large", ref.range(), "off", off, "what",
                        what);
            }
            offsets[level] = (int) off;
        }
        return new ReadIndex(List.of(levels), new Shift(offsets));
    }
}
