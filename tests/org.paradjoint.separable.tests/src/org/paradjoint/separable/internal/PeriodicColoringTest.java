package org.paradjoint.separable.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.separable.internal.Stencil.Offset;

/**
 * The periodic colouring of stencils, checked as the generated code applies it: for every grid size of a
 * window (from 1 to several periods in every dimension, including sizes below the period) the pattern is
 * built row by row (one row per lattice position, its stencil's points that fall in the grid), every
 * column gets {@code table[p mod period]}, and the library's reference checker must accept the colours.
 * The counts are the lower bound (the largest row) where a periodic colouring reaches it.
 */
class PeriodicColoringTest {

    @Test
    void chainTakesTwoColours() {
        check(List.of(at(0), at(1)), 1, 2);
    }

    @Test
    void bandOfFiveTakesFive() {
        check(List.of(at(-2), at(-1), at(0), at(1), at(2)), 1, 5);
    }

    @Test
    void torsionSquareTakesFour() {
        check(List.of(p(-1, -1), p(0, -1), p(-1, 0), p(0, 0)), 1, 4);
    }

    @Test
    void fivePointStarTakesFive() {
        check(List.of(p(0, 0), p(-1, 0), p(1, 0), p(0, -1), p(0, 1)), 1, 5);
    }

    @Test
    void ninePointBoxTakesNine() {
        List<Offset> box = new ArrayList<>();
        for (int j = -1; j <= 1; j++) {
            for (int i = -1; i <= 1; i++) {
                box.add(p(i, j));
            }
        }
        check(box, 1, 9);
    }

    @Test
    void twoArraysInterleaved() {
        // x[i], x[i + 1] and y[i]: three columns per row, a chain in x
        check(List.of(new Offset(0, List.of(0)), new Offset(0, List.of(1)), new Offset(1, List.of(0))), 2, 3);
    }

    @Test
    void severalBlocksAreColouredTogether() {
        List<Set<Offset>> blocks = List.of(new LinkedHashSet<>(List.of(at(0), at(1))),
                new LinkedHashSet<>(List.of(at(0), at(2))));
        PeriodicColoring c = PeriodicColoring.of(blocks, 1, 1);
        // differences 1 and 2 must both change the colour: three colours
        assertEquals(3, c.colors());
        for (int n = 1; n <= 5 * c.periods().get(0); n++) {
            assertTrue(windowViolation(blocks, c, new int[] {n}).isEmpty(), "n=" + n);
        }
    }

    @Test
    void brokenTableIsCaughtByTheWindowCheck() {
        List<Set<Offset>> blocks = List.of(new LinkedHashSet<>(List.of(p(-1, -1), p(0, -1), p(-1, 0), p(0, 0))));
        PeriodicColoring good = PeriodicColoring.of(blocks, 2, 1);
        int[] table = good.table().clone();
        // residues (0, 0) and (1, 0) meet in a row: give them one colour
        table[PeriodicColoring.index(0, new int[] {1, 0}, good.periods())] =
                table[PeriodicColoring.index(0, new int[] {0, 0}, good.periods())];
        PeriodicColoring broken = new PeriodicColoring(good.periods(), 1, table, good.colors(), good.ordering());
        assertTrue(windowViolation(blocks, broken, new int[] {4, 4}).isPresent());
        assertTrue(windowViolation(blocks, good, new int[] {4, 4}).isEmpty());
    }

    /**
     * Why the generator must prove that an entry stays within its grid line: read as a grid stencil,
     * {@code x[j * nx + i]} and {@code x[j * nx + i + 1]} is offsets (0, 0) and (1, 0), two colours by i's
     * parity; but when i runs to nx - 1 the second reaches the first point of the next line, and for an
     * odd nx that point has the colour of the last one of its own line.
     */
    @Test
    void wrapAroundIntoTheNextLineDefeatsTheGridColouring() {
        PeriodicColoring c = PeriodicColoring.of(List.of(new LinkedHashSet<>(List.of(p(0, 0), p(1, 0)))), 2, 1);
        assertEquals(2, c.colors());
        int nx = 3;
        int ny = 2;
        int n = nx * ny;
        int[] rows = new int[2 * (n - 1)];
        int[] cols = new int[2 * (n - 1)];
        for (int k = 0; k + 1 < n; k++) {
            rows[2 * k] = k;
            cols[2 * k] = k;
            rows[2 * k + 1] = k;
            cols[2 * k + 1] = k + 1;
        }
        int[] colors = new int[n];
        for (int k = 0; k < n; k++) {
            colors[k] = c.colorAt(0, new int[] {k % nx, k / nx});
        }
        assertTrue(ColoringChecker.checkColumns(SparsityPattern.fromCoordinates(n - 1, n, rows, cols), colors)
                .isPresent());
    }

    private static Offset at(int delta) {
        return new Offset(0, List.of(delta));
    }

    private static Offset p(int i, int j) {
        return new Offset(0, List.of(i, j));
    }

    /** Colours the stencil and checks every grid of the window; {@code expected}: the number of colours. */
    private static void check(List<Offset> offsets, int arrays, int expected) {
        List<Set<Offset>> blocks = List.of(new LinkedHashSet<>(offsets));
        int dims = offsets.get(0).delta().size();
        PeriodicColoring c = PeriodicColoring.of(blocks, dims, arrays);
        assertEquals(expected, c.colors(), () -> "periods " + c.periods());
        int[] size = new int[dims];
        window(blocks, c, size, 0);
    }

    /** Every size from 1 to three periods plus one in every dimension. */
    private static void window(List<Set<Offset>> blocks, PeriodicColoring c, int[] size, int d) {
        if (d == size.length) {
            Optional<String> v = windowViolation(blocks, c, size);
            assertTrue(v.isEmpty(), () -> "grid " + java.util.Arrays.toString(size) + ": " + v.get());
            return;
        }
        for (int n = 1; n <= 3 * c.periods().get(d) + 1; n++) {
            size[d] = n;
            window(blocks, c, size, d + 1);
        }
    }

    /** The checker's verdict on the grid of {@code size}: rows at every lattice position, offsets clipped to the grid. */
    static Optional<String> windowViolation(List<Set<Offset>> blocks, PeriodicColoring c, int[] size) {
        int dims = size.length;
        int points = 1;
        for (int s : size) {
            points *= s;
        }
        int arrays = c.arrays();
        List<Integer> rows = new ArrayList<>();
        List<Integer> cols = new ArrayList<>();
        int row = 0;
        // rows also at positions just outside the grid (boundary elements, as torsion's)
        int[] lo = new int[dims];
        int[] hi = new int[dims];
        for (Set<Offset> b : blocks) {
            for (int d = 0; d < dims; d++) {
                int dd = d;
                lo[d] = -b.stream().mapToInt(o -> o.delta().get(dd)).max().orElse(0);
                hi[d] = size[d] - 1 - b.stream().mapToInt(o -> o.delta().get(dd)).min().orElse(0);
            }
            for (int[] r : box(lo, hi)) {
                for (Offset o : b) {
                    int entry = 0;
                    int stride = 1;
                    boolean inside = true;
                    for (int d = 0; d < dims; d++) {
                        int q = r[d] + o.delta().get(d);
                        inside &= q >= 0 && q < size[d];
                        entry += q * stride;
                        stride *= size[d];
                    }
                    if (inside) {
                        rows.add(row);
                        cols.add(entry * arrays + o.array());
                    }
                }
                row++;
            }
        }
        SparsityPattern pattern = SparsityPattern.fromCoordinates(row, points * arrays,
                rows.stream().mapToInt(Integer::intValue).toArray(), cols.stream().mapToInt(Integer::intValue)
                        .toArray());
        int[] colors = new int[points * arrays];
        for (int col = 0; col < colors.length; col++) {
            int e = col / arrays;
            int[] pt = new int[dims];
            for (int d = 0; d < dims; d++) {
                pt[d] = e % size[d];
                e /= size[d];
            }
            colors[col] = c.colorAt(col % arrays, pt);
            if (colors[col] < 0 || colors[col] >= c.colors()) {
                return Optional.of("colour " + colors[col] + " out of range");
            }
        }
        return ColoringChecker.checkColumns(pattern, colors);
    }

    private static List<int[]> box(int[] lo, int[] hi) {
        List<int[]> out = new ArrayList<>();
        out.add(new int[0]);
        for (int d = 0; d < lo.length; d++) {
            List<int[]> next = new ArrayList<>();
            for (int[] prefix : out) {
                for (int v = lo[d]; v <= hi[d]; v++) {
                    int[] q = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                    q[d] = v;
                    next.add(q);
                }
            }
            out = next;
        }
        return out;
    }
}
