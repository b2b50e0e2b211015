package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringProblem;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.DynamicLargestFirst;
import org.paradjoint.coloring.IncidenceDegree;
import org.paradjoint.coloring.LargestFirst;
import org.paradjoint.coloring.NaturalOrder;
import org.paradjoint.coloring.Ordering;
import org.paradjoint.coloring.SmallestLast;
import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.separable.internal.Stencil.Offset;

/**
 * A colouring of the columns of a {@link Stencil} valid for every grid size: the colour of the column
 * at lattice point {@code p} of array {@code a} is {@code table[a][p mod period]}.
 *
 * <p>Why it is valid everywhere: two columns meet in a row only if their points differ by
 * {@code o - o'} for two offsets of one block. When no such non-zero difference is a multiple of the
 * periods (every period exceeds the stencil's spread in its dimension), the points reduced modulo the
 * periods differ too, and they meet in a row of the <em>torus</em> pattern: rows {@code (b, r)} for
 * every block and every residue {@code r}, with the columns {@code (a, r + o mod period)}. A valid
 * column colouring of that finite pattern therefore separates every pair that meets in the real
 * pattern, whatever its size and boundary (rows cut by the boundary only lose conflicts).
 *
 * <p>The torus is coloured with {@code org.paradjoint.coloring} (every ordering, recolouring on) for
 * periods from the spread plus 1 to twice that in each dimension, smallest tables first, at most
 * {@link #MAX_TRIES} of them, until one reaches the lower bound (the largest row of a block); the
 * fewest colours win, the smallest table among those.
 */
public record PeriodicColoring(List<Integer> periods, int arrays, int[] table, int colors, String ordering) {

    /** Recolouring rounds per ordering: the tori are small, the rounds cheap. */
    static final int IMPROVE_ROUNDS = 20;

    /** Beyond this many residues a period is not tried (the table would be large for no gain). */
    static final int MAX_TABLE = 4096;

    /**
     * At most this many period vectors are tried, smallest tables first: in three dimensions there can be 64
     * candidates, and colouring them all would make the generator take seconds for a colour or two.
     */
    static final int MAX_TRIES = 16;

    private static final List<Ordering> ORDERINGS = List.of(new NaturalOrder(), new LargestFirst(),
            new SmallestLast(), new IncidenceDegree(), new DynamicLargestFirst());

    /** The best periodic colouring found, or null when not even the smallest period fits in {@link #MAX_TABLE}. */
    public static PeriodicColoring of(List<Set<Offset>> blocks, int dims, int arrays) {
        int[] spread = new int[dims];
        for (int d = 0; d < dims; d++) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (Set<Offset> b : blocks) {
                for (Offset o : b) {
                    lo = Math.min(lo, o.delta().get(d));
                    hi = Math.max(hi, o.delta().get(d));
                }
            }
            spread[d] = lo == Integer.MAX_VALUE ? 0 : hi - lo;
        }
        int bound = blocks.stream().mapToInt(Set::size).max().orElse(1);
        PeriodicColoring best = null;
        int tried = 0;
        for (int[] periods : candidates(spread)) {
            if (residues(periods) * arrays > MAX_TABLE || tried == MAX_TRIES) {
                break; // candidates come smallest first
            }
            tried++;
            PeriodicColoring c = colorTorus(blocks, periods, arrays);
            if (best == null || c.colors < best.colors
                    || c.colors == best.colors && c.table.length < best.table.length) {
                best = c;
            }
            if (best.colors <= bound) {
                break; // the lower bound, with the smallest table that reaches it (candidates grow)
            }
        }
        return best;
    }

    /** The colour of the column of array {@code a} at lattice point {@code p}. */
    public int colorAt(int a, int[] p) {
        return table[index(a, p, periods)];
    }

    /** The table index of array {@code a} at point {@code p}: {@code a} outermost, dimension 0 innermost. */
    static int index(int a, int[] p, List<Integer> periods) {
        int idx = a;
        for (int d = periods.size() - 1; d >= 0; d--) {
            int per = periods.get(d);
            idx = idx * per + Math.floorMod(p[d], per);
        }
        return idx;
    }

    private static PeriodicColoring colorTorus(List<Set<Offset>> blocks, int[] periods, int arrays) {
        List<Integer> per = java.util.Arrays.stream(periods).boxed().toList();
        int res = residues(periods);
        List<Integer> rows = new ArrayList<>();
        List<Integer> cols = new ArrayList<>();
        int row = 0;
        for (Set<Offset> block : blocks) {
            for (int r = 0; r < res; r++) {
                int[] base = point(r, periods);
                for (Offset o : block) {
                    int[] q = new int[periods.length];
                    for (int d = 0; d < q.length; d++) {
                        q[d] = base[d] + o.delta().get(d);
                    }
                    rows.add(row);
                    cols.add(index(o.array(), q, per));
                }
                row++;
            }
        }
        SparsityPattern torus = SparsityPattern.fromCoordinates(row, res * arrays,
                rows.stream().mapToInt(Integer::intValue).toArray(), cols.stream().mapToInt(Integer::intValue)
                        .toArray());
        ColoringResult best = null;
        for (Ordering o : ORDERINGS) {
            ColoringResult r = Coloring.color(torus, ColoringProblem.COLUMN,
                    ColoringAlgorithm.greedy(o).improve(IMPROVE_ROUNDS));
            if (best == null || r.colorCount() < best.colorCount()) {
                best = r;
            }
        }
        ColoringChecker.checkColumns(torus, best.colors()).ifPresent(msg -> {
            throw new IllegalStateException("the colouring library returned an invalid colouring: " + msg);
        });
        return new PeriodicColoring(per, arrays, best.colors(), best.colorCount(), best.algorithm().ordering()
                .label());
    }

    /** Periods from spread + 1 (the least that keeps a stencil's points apart) to twice that, per dimension. */
    private static List<int[]> candidates(int[] spread) {
        List<int[]> out = new ArrayList<>();
        out.add(new int[0]);
        for (int d = 0; d < spread.length; d++) {
            List<int[]> next = new ArrayList<>();
            for (int[] prefix : out) {
                for (int p = spread[d] + 1; p <= 2 * (spread[d] + 1); p++) {
                    int[] q = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                    q[d] = p;
                    next.add(q);
                }
            }
            out = next;
        }
        out.sort((a, b) -> Integer.compare(residues(a), residues(b)));
        return out;
    }

    private static int residues(int[] periods) {
        int r = 1;
        for (int p : periods) {
            r *= p;
        }
        return r;
    }

    private static int[] point(int residue, int[] periods) {
        int[] p = new int[periods.length];
        int r = residue;
        for (int d = 0; d < periods.length; d++) {
            p[d] = r % periods[d];
            r /= periods[d];
        }
        return p;
    }
}
