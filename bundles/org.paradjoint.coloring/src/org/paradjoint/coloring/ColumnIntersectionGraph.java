package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Distance-2 view of the bipartite graph of a pattern, seen from the columns: two columns are neighbours
 * when they share a row (i.e. they are not structurally orthogonal).
 *
 * <p>The intersection graph is never stored: for a 10^6 x 10^6 matrix with 10 nonzeros per row it would
 * hold about 10^8 edges. Neighbours are enumerated through the pattern instead, deduplicated with a stamp
 * array, at a cost of sum over the column's rows of the row lengths. Not thread-safe (shared stamp array).
 */
final class ColumnIntersectionGraph implements OrderingGraph {

    private final SparsityPattern pattern;
    private final int[] stamp;
    private int currentStamp;
    /** Computed when first asked for: it costs a pass over the nonzeros that largest-first and smallest-last do not need. */
    private int bound = -1;

    ColumnIntersectionGraph(SparsityPattern pattern) {
        this.pattern = pattern;
        this.stamp = new int[pattern.cols()];
    }

    /**
     * A copy of this graph from which columns can be removed (for smallest-last), or {@code null} where it
     * would not pay: building it costs a few passes over the nonzeros and saves about half of the
     * removals' enumeration, sum over rows of (row length)^2, so it needs rows of about 8 nonzeros or
     * more on average (weighted by length). Measured: 30 % off the ordering of the random matrix with 10
     * a row, nothing on the 7-point 3-D Laplacian, a loss on the 5-point 2-D one.
     */
    ShrinkingIntersectionGraph shrinking() {
        long squares = 0;
        for (int i = 0; i < pattern.rows(); i++) {
            long len = pattern.rowNnz(i);
            squares += len * len;
        }
        return squares >= 8L * pattern.nnz() ? new ShrinkingIntersectionGraph(pattern, this) : null;
    }

    SparsityPattern pattern() {
        return pattern;
    }

    @Override
    public int vertexCount() {
        return pattern.cols();
    }

    @Override
    public int neighborBound() {
        if (bound < 0) {
            int n = pattern.cols();
            int b = 0;
            for (int j = 0; j < n; j++) {
                long s = 0;
                for (int k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; k++) {
                    s += pattern.rowNnz(pattern.rowIdx[k]);
                }
                b = (int) Math.max(b, Math.min(s, n));
            }
            bound = b;
        }
        return bound;
    }

    @Override
    public int neighbors(int v, int[] buffer) {
        int s = nextStamp();
        stamp[v] = s; // excludes v itself
        int count = 0;
        int[] colPtr = pattern.colPtr;
        int[] rowIdx = pattern.rowIdx;
        int[] rowPtr = pattern.rowPtr;
        int[] colIdx = pattern.colIdx;
        for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
            int i = rowIdx[k];
            for (int t = rowPtr[i]; t < rowPtr[i + 1]; t++) {
                int u = colIdx[t];
                if (stamp[u] != s) {
                    stamp[u] = s;
                    buffer[count++] = u;
                }
            }
        }
        return count;
    }

    /**
     * Counts the distance-2 neighbours without writing them anywhere: the orderings need every degree
     * once before they start, and the default (enumerate into a buffer, keep the count) spends a
     * quarter of that pass on stores nobody reads.
     */
    @Override
    public int[] degrees() {
        int n = pattern.cols();
        int[] deg = new int[n];
        int[] colPtr = pattern.colPtr;
        int[] rowIdx = pattern.rowIdx;
        int[] rowPtr = pattern.rowPtr;
        int[] colIdx = pattern.colIdx;
        for (int v = 0; v < n; v++) {
            int s = nextStamp();
            stamp[v] = s;
            int count = 0;
            for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
                int i = rowIdx[k];
                for (int t = rowPtr[i]; t < rowPtr[i + 1]; t++) {
                    int u = colIdx[t];
                    if (stamp[u] != s) {
                        stamp[u] = s;
                        count++;
                    }
                }
            }
            deg[v] = count;
        }
        return deg;
    }

    private int nextStamp() {
        if (++currentStamp == Integer.MAX_VALUE) { // practically never; keeps stamps unique
            Arrays.fill(stamp, 0);
            currentStamp = 1;
        }
        return currentStamp;
    }
}
