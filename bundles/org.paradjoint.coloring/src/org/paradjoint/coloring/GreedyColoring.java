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
     */
    static int[] partialDistance2(SparsityPattern p, int[] order) {
        int n = p.cols();
        int[] color = filled(n, -1);
        int[] forbidden = filled(n + 1, -1);
        int[] colPtr = p.colPtr;
        int[] rowIdx = p.rowIdx;
        int[] rowPtr = p.rowPtr;
        int[] colIdx = p.colIdx;
        for (int v : order) {
            for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
                int i = rowIdx[k];
                for (int t = rowPtr[i]; t < rowPtr[i + 1]; t++) {
                    int c = color[colIdx[t]];
                    if (c >= 0) {
                        forbidden[c] = v;
                    }
                }
            }
            color[v] = firstAllowed(forbidden, v);
        }
        return color;
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
