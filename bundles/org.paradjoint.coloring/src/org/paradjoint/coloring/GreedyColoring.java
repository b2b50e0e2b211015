package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * First-fit greedy colourings: every vertex, in the given order, takes the smallest colour not used by
 * any already coloured neighbour. Colours are 0-based.
 *
 * <p>The "forbidden" array is stamped with the current vertex instead of being cleared, so one vertex
 * costs only the size of its neighbourhood.
 */
final class GreedyColoring {

    private GreedyColoring() {
    }

    /**
     * Partial distance-2 colouring of the columns of {@code p}: two columns sharing a row get different
     * colours, so every colour class is a group of structurally orthogonal columns. Row colouring is this
     * applied to the transpose.
     *
     * <p>The colours a column must avoid are those already present in its rows, so every row keeps the
     * set of its colours below 64 as a bit mask: a column then costs its own nonzeros (OR the masks of its
     * rows, take the lowest clear bit, set it in those rows) instead of every nonzero of every row it
     * meets, the 10x fewer memory reads that make this pass faster than the usual one on the matrices with
     * 10 nonzeros a row. The result is the same first fit. Only when colours 0..63 are all taken (rows
     * with more than 63 nonzeros can force that) is the neighbourhood scanned as usual, for the colours
     * from 64 on.
     */
    static int[] partialDistance2(SparsityPattern p, int[] order) {
        int n = p.cols();
        int[] color = filled(n, -1);
        long[] rowColors = new long[p.rows()];
        int[] forbidden = null; // for colours from 64 on, allocated when first needed
        int[] colPtr = p.colPtr;
        int[] rowIdx = p.rowIdx;
        for (int v : order) {
            long used = 0;
            for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
                used |= rowColors[rowIdx[k]];
            }
            int c;
            if (used != -1L) {
                c = Long.numberOfTrailingZeros(~used);
            } else {
                if (forbidden == null) {
                    forbidden = filled(n + 1, -1);
                }
                c = firstAllowedFrom64(p, v, color, forbidden);
            }
            color[v] = c;
            if (c < 64) {
                long bit = 1L << c;
                for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
                    rowColors[rowIdx[k]] |= bit;
                }
            }
        }
        return color;
    }

    /** The smallest colour from 64 on that no coloured column sharing a row with {@code v} has. */
    private static int firstAllowedFrom64(SparsityPattern p, int v, int[] color, int[] forbidden) {
        for (int k = p.colPtr[v]; k < p.colPtr[v + 1]; k++) {
            int i = p.rowIdx[k];
            for (int t = p.rowPtr[i]; t < p.rowPtr[i + 1]; t++) {
                int c = color[p.colIdx[t]];
                if (c >= 64) {
                    forbidden[c] = v;
                }
            }
        }
        int c = 64;
        while (forbidden[c] == v) {
            c++;
        }
        return c;
    }

    /** Distance-1 colouring of the adjacency graph: adjacent vertices get different colours. */
    static int[] distance1(AdjacencyGraph g, int[] order) {
        int n = g.n();
        int[] color = filled(n, -1);
        int[] forbidden = filled(n + 1, -1);
        for (int v : order) {
            for (int k = g.ptr()[v]; k < g.ptr()[v + 1]; k++) {
                int c = color[g.adj()[k]];
                if (c >= 0) {
                    forbidden[c] = v;
                }
            }
            color[v] = firstAllowed(forbidden, v);
        }
        return color;
    }

    /** A new array of {@code length} elements, all {@code value} (-1: uncoloured, never stamped). */
    static int[] filled(int length, int value) {
        int[] a = new int[length];
        Arrays.fill(a, value);
        return a;
    }

    /** The smallest colour that {@code forbidden} does not stamp with vertex {@code v}. */
    static int firstAllowed(int[] forbidden, int v) {
        int c = 0;
        while (forbidden[c] == v) {
            c++;
        }
        return c;
    }

    static int colorCount(int[] color) {
        int max = -1;
        for (int c : color) {
            max = Math.max(max, c);
        }
        return max + 1;
    }

    /** Renumbers colours to 0 .. k-1 without gaps, keeping their relative order. Returns the same array. */
    static int[] compact(int[] color) {
        int k = colorCount(color);
        int[] map = new int[k];
        for (int c : color) {
            map[c] = 1;
        }
        int next = 0;
        for (int c = 0; c < k; c++) {
            map[c] = map[c] == 0 ? -1 : next++;
        }
        for (int v = 0; v < color.length; v++) {
            color[v] = map[color[v]];
        }
        return color;
    }
}
