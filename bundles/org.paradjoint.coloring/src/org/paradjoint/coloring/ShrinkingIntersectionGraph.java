package org.paradjoint.coloring;

/**
 * The column intersection graph of a pattern from which columns can be removed, for smallest-last:
 * {@link #neighbors} enumerates only the columns not removed yet.
 *
 * <p>Why: smallest-last enumerates the distance-2 neighbourhood of every column once more when it removes
 * it, and only the neighbours still present matter then. Every row keeps its present columns at the front
 * of its segment (a removal swaps the column with the row's last present one, in O(1) through the
 * position of every nonzero), so the enumeration reads about half of what a full one reads. Which
 * neighbours are returned is all the ordering depends on (it sorts them), so the order is the same.
 */
final class ShrinkingIntersectionGraph implements OrderingGraph {

    private final ColumnIntersectionGraph full;
    private final int[] colPtr;
    private final int[] rowIdx;
    private final int[] rowPtr;
    private final int[] cols; // per row i: present columns in cols[rowPtr[i] .. rowPtr[i] + present[i])
    private final int[] present;
    private final int[] where; // CSC nonzero k (column j, row i) -> position of j in cols
    private final int[] back; // position in cols -> CSC nonzero
    private final int[] stamp;
    private int currentStamp;

    ShrinkingIntersectionGraph(SparsityPattern p, ColumnIntersectionGraph full) {
        this.full = full;
        this.colPtr = p.colPtr;
        this.rowIdx = p.rowIdx;
        this.rowPtr = p.rowPtr;
        this.cols = p.colIdx.clone();
        this.present = new int[p.rows()];
        this.where = new int[p.nnz()];
        this.back = new int[p.nnz()];
        this.stamp = new int[p.cols()];
        int[] next = new int[p.rows()];
        for (int i = 0; i < p.rows(); i++) {
            present[i] = rowPtr[i + 1] - rowPtr[i];
            next[i] = rowPtr[i];
        }
        // columns in increasing order meet each row's entries in its (sorted) CSR order
        for (int j = 0; j < p.cols(); j++) {
            for (int k = colPtr[j]; k < colPtr[j + 1]; k++) {
                int pos = next[rowIdx[k]]++;
                where[k] = pos;
                back[pos] = k;
            }
        }
    }

    /** Takes column {@code v} out of every row it has a nonzero in. */
    void remove(int v) {
        for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
            int i = rowIdx[k];
            int at = where[k];
            int last = rowPtr[i] + --present[i];
            int kl = back[last];
            cols[at] = cols[last];
            back[at] = kl;
            where[kl] = at;
            cols[last] = v;
            back[last] = k;
            where[k] = last;
        }
    }

    @Override
    public int vertexCount() {
        return full.vertexCount();
    }

    @Override
    public int neighborBound() {
        return full.neighborBound();
    }

    @Override
    public int[] degrees() {
        return full.degrees();
    }

    @Override
    public int neighbors(int v, int[] buffer) {
        if (++currentStamp == Integer.MAX_VALUE) { // practically never; keeps stamps unique
            java.util.Arrays.fill(stamp, 0);
            currentStamp = 1;
        }
        int s = currentStamp;
        stamp[v] = s;
        int count = 0;
        for (int k = colPtr[v]; k < colPtr[v + 1]; k++) {
            int i = rowIdx[k];
            for (int t = rowPtr[i], end = rowPtr[i] + present[i]; t < end; t++) {
                int u = cols[t];
                if (stamp[u] != s) {
                    stamp[u] = s;
                    buffer[count++] = u;
                }
            }
        }
        return count;
    }
}
