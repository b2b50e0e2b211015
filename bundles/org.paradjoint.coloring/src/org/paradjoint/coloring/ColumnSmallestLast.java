package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Smallest-last ordering of the column intersection graph of a pattern: the same order as
 * {@link Orderings#smallestLast} on a {@link ColumnIntersectionGraph} (same moves, same tie-breaking),
 * with fewer memory reads per neighbour, for the patterns whose rows are too short for
 * {@link ShrinkingIntersectionGraph} to pay.
 *
 * <p>Why a separate walk: the removals visit the columns in a scattered order, so every array a
 * neighbour is looked up in costs a cache miss. The generic walk looks a neighbour up in the stamp
 * array, then in the removed flags (after collecting it), then in the bucket nodes. Here a removed
 * column keeps a mark that no later step's mark reaches, so "not met yet in this step and still
 * present" is one comparison in one array, and the moves touch the bucket nodes only. The degree pass
 * writes straight into the bucket nodes ({@link DegreeBuckets#setDegree}), which are then linked in one
 * pass over the columns, without a degree array. Whole {@code Coloring.color} calls against the generic walk (thread CPU time, fastest of
 * 40, three alternating rounds, load 6.4-8.5): the 7-point Laplacian 40^3 18.9, 18.3, 18.1 ms -> 15.8,
 * 16.7, 17.8; the 5-point 300^2 18.7, 19.3, 13.8 -> 11.5, 10.4, 11.9.
 *
 * <p>Tried here and not kept (same order, measured in one process against this walk, no gain): the
 * removal test without a branch (a conditional add: slower, the branch is cheaper than the extra
 * stores), buckets as stacks with stale entries, rows that drop their removed columns, and every
 * column's neighbour list stored by the degree pass (faster on the 2-D Laplacian, slower on the 3-D one).
 */
final class ColumnSmallestLast {

    /** The mark of a removed column: above every step's mark, so the "not met yet" test excludes it. */
    private static final int REMOVED = Integer.MAX_VALUE;

    private final int[] colPtr;
    private final int[] rowIdx;
    private final int[] rowPtr;
    private final int[] colIdx;
    private final int n;
    private final DegreeBuckets buckets;
    /** Per column: the last mark it was met with, or {@link #REMOVED}. */
    private final int[] mark;

    private ColumnSmallestLast(SparsityPattern p) {
        colPtr = p.colPtr;
        rowIdx = p.rowIdx;
        rowPtr = p.rowPtr;
        colIdx = p.colIdx;
        n = p.cols();
        buckets = new DegreeBuckets(n);
        mark = new int[n];
    }

    /**
     * Whether the bucket nodes fit one array and the marks of both passes (1..n for the degrees, n+1..2n
     * for the removals) stay below {@link #REMOVED}; beyond that the generic ordering is used.
     */
    static boolean applies(SparsityPattern p) {
        return DegreeBuckets.fits(p.cols());
    }

    static int[] order(SparsityPattern p) {
        ColumnSmallestLast s = new ColumnSmallestLast(p);
        int maxDegree = s.degrees();
        s.buckets.linkInIndexOrder(maxDegree);
        return s.removeAll(maxDegree);
    }

    /** Sets every column's distance-2 degree in the buckets (marks 1..n); returns the largest. */
    private int degrees() {
        int max = 0;
        for (int v = 0; v < n; v++) {
            int m = v + 1;
            mark[v] = m; // v is not its own neighbour
            int count = 0;
            for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
                int i = rowIdx[k];
                for (int t = rowPtr[i]; t < rowPtr[i + 1]; t++) {
                    int u = colIdx[t];
                    if (mark[u] != m) { // a branch, not a conditional add: measured faster here
                        mark[u] = m;
                        count++;
                    }
                }
            }
            buckets.setDegree(v, count);
            max = Math.max(max, count);
        }
        return max;
    }

    private int[] removeAll(int maxDegree) {
        int[] order = new int[n];
        int[] buf = new int[maxDegree];
        int min = 0;
        for (int pos = n - 1; pos >= 0; pos--) {
            while (buckets.first(min) < 0) {
                min++;
            }
            int v = buckets.first(min);
            buckets.remove(v);
            mark[v] = REMOVED;
            order[pos] = v;
            int c = presentNeighbors(v, n + 1 + (n - 1 - pos), buf);
            // moved in decreasing index order: among equal degrees the smallest index ends up first
            // (see Orderings.sortedNeighbors for why this tie-breaking matters)
            Arrays.sort(buf, 0, c);
            for (int t = c - 1; t >= 0; t--) {
                int u = buf[t];
                buckets.move(u, buckets.degree(u) - 1);
            }
            // a neighbour may have dropped just below the current minimum
            min = Math.max(0, min - 1);
        }
        return order;
    }

    /** The distinct neighbours of {@code v} not removed yet, in {@code buf}, marking them with {@code m}. */
    private int presentNeighbors(int v, int m, int[] buf) {
        int c = 0;
        for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
            int i = rowIdx[k];
            for (int t = rowPtr[i]; t < rowPtr[i + 1]; t++) {
                int u = colIdx[t];
                if (mark[u] < m) { // not met in this step, not removed
                    mark[u] = m;
                    buf[c++] = u;
                }
            }
        }
        return c;
    }
}
