package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Immutable sparsity pattern of an {@code rows x cols} matrix, in two forms: compressed rows (CSR) and
 * compressed columns (CSC).
 *
 * <p>Both forms are kept because the colouring problems walk the bipartite graph in both directions
 * (a column's rows, then each row's columns); building CSC once is cheaper than searching CSR. A
 * structurally symmetric pattern keeps one copy for both (its CSC is its CSR). Indices
 * are 0-based, sorted within each row/column, and free of duplicates. The arrays are never handed out;
 * callers read them element-wise, so the pattern cannot change after construction.
 */
public final class SparsityPattern {

    private final int rows;
    private final int cols;
    // CSR: columns of row i are colIdx[rowPtr[i] .. rowPtr[i+1]-1]
    final int[] rowPtr;
    final int[] colIdx;
    // CSC: rows of column j are rowIdx[colPtr[j] .. colPtr[j+1]-1]
    final int[] colPtr;
    final int[] rowIdx;
    // lazily computed: CSR position of the k-th CSC entry (needed to move values between the two orders)
    private volatile int[] cscToCsr;
    private int hash;

    private SparsityPattern(int rows, int cols, int[] rowPtr, int[] colIdx, int[] colPtr, int[] rowIdx) {
        this.rows = rows;
        this.cols = cols;
        this.rowPtr = rowPtr;
        this.colIdx = colIdx;
        this.colPtr = colPtr;
        this.rowIdx = rowIdx;
    }

    /**
     * Builds a pattern from coordinate lists (0-based). Duplicates are merged, order does not matter.
     *
     * @throws IllegalArgumentException on negative sizes, different list lengths or indices out of range
     */
    public static SparsityPattern fromCoordinates(int rows, int cols, int[] rowIndices, int[] colIndices) {
        return fromCoordinates(rows, cols, rowIndices, colIndices, rowIndices.length);
    }

    /** As {@link #fromCoordinates(int, int, int[], int[])} but only the first {@code count} entries are used. */
    public static SparsityPattern fromCoordinates(int rows, int cols, int[] rowIndices, int[] colIndices,
            int count) {
        checkSizes(rows, cols);
        if (count < 0 || count > rowIndices.length || count > colIndices.length) {
            throw new IllegalArgumentException("entry count " + count + " does not fit the coordinate arrays ("
                    + rowIndices.length + " row indices, " + colIndices.length + " column indices)");
        }
        for (int k = 0; k < count; k++) {
            int i = rowIndices[k];
            int j = colIndices[k];
            if (i < 0 || i >= rows || j < 0 || j >= cols) {
                throw new IllegalArgumentException("entry " + k + " (" + i + ", " + j + ") lies outside a " + rows
                        + " x " + cols + " matrix");
            }
        }
        // Two stable counting sorts (by column, then by row) give CSR with sorted columns in O(nnz + m + n),
        // which matters for the 10^7-entry benchmark matrices where a comparison sort would dominate.
        int[] byCol = new int[count];
        int[] cnt = new int[cols + 1];
        for (int k = 0; k < count; k++) {
            cnt[colIndices[k] + 1]++;
        }
        for (int j = 0; j < cols; j++) {
            cnt[j + 1] += cnt[j];
        }
        for (int k = 0; k < count; k++) {
            byCol[cnt[colIndices[k]]++] = k;
        }
        int[] ptr = new int[rows + 1];
        for (int k = 0; k < count; k++) {
            ptr[rowIndices[k] + 1]++;
        }
        for (int i = 0; i < rows; i++) {
            ptr[i + 1] += ptr[i];
        }
        int[] next = Arrays.copyOf(ptr, rows);
        int[] sortedCols = new int[count];
        for (int t = 0; t < count; t++) {
            int k = byCol[t];
            sortedCols[next[rowIndices[k]]++] = colIndices[k];
        }
        // remove duplicates in place, row by row
        int[] rowPtr = new int[rows + 1];
        int w = 0;
        for (int i = 0; i < rows; i++) {
            int last = -1;
            for (int k = ptr[i]; k < ptr[i + 1]; k++) {
                int j = sortedCols[k];
                if (j != last) {
                    sortedCols[w++] = j;
                    last = j;
                }
            }
            rowPtr[i + 1] = w;
        }
        int[] colIdx = w == count ? sortedCols : Arrays.copyOf(sortedCols, w);
        return withCsc(rows, cols, rowPtr, colIdx);
    }

    /**
     * Builds a pattern from CSR arrays (copied). Column indices must be strictly increasing within each row.
     *
     * @throws IllegalArgumentException if the arrays do not describe a valid pattern
     */
    public static SparsityPattern fromCsr(int rows, int cols, int[] rowPointers, int[] columnIndices) {
        checkSizes(rows, cols);
        if (rowPointers.length != rows + 1 || rowPointers[0] != 0) {
            throw new IllegalArgumentException("row pointer array must have length rows + 1 = " + (rows + 1)
                    + " and start with 0");
        }
        int nnz = rowPointers[rows];
        if (nnz < 0 || nnz > columnIndices.length) {
            throw new IllegalArgumentException("last row pointer " + nnz + " does not fit " + columnIndices.length
                    + " column indices");
        }
        for (int i = 0; i < rows; i++) {
            if (rowPointers[i + 1] < rowPointers[i]) {
                throw new IllegalArgumentException("row pointers decrease at row " + i);
            }
            for (int k = rowPointers[i]; k < rowPointers[i + 1]; k++) {
                int j = columnIndices[k];
                if (j < 0 || j >= cols) {
                    throw new IllegalArgumentException("column index " + j + " in row " + i + " out of range 0.."
                            + (cols - 1));
                }
                if (k > rowPointers[i] && columnIndices[k - 1] >= j) {
                    throw new IllegalArgumentException("column indices of row " + i
                            + " are not strictly increasing");
                }
            }
        }
        return withCsc(rows, cols, rowPointers.clone(), Arrays.copyOf(columnIndices, nnz));
    }

    private static void checkSizes(int rows, int cols) {
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative matrix size " + rows + " x " + cols);
        }
    }

    /** Derives CSC from (trusted) CSR; rows come out sorted because rows are visited in order. */
    private static SparsityPattern withCsc(int rows, int cols, int[] rowPtr, int[] colIdx) {
        int nnz = rowPtr[rows];
        int[] colPtr = new int[cols + 1];
        for (int k = 0; k < nnz; k++) {
            colPtr[colIdx[k] + 1]++;
        }
        for (int j = 0; j < cols; j++) {
            colPtr[j + 1] += colPtr[j];
        }
        int[] next = Arrays.copyOf(colPtr, cols);
        int[] rowIdx = new int[nnz];
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                rowIdx[next[colIdx[k]]++] = i;
            }
        }
        if (rows == cols && Arrays.equals(rowPtr, colPtr) && Arrays.equals(colIdx, rowIdx)) {
            // structurally symmetric: one copy serves both forms, and the distance-2 walks (a column's
            // rows, then each row's columns) touch half the memory
            return new SparsityPattern(rows, cols, rowPtr, colIdx, rowPtr, colIdx);
        }
        return new SparsityPattern(rows, cols, rowPtr, colIdx, colPtr, rowIdx);
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** Number of structural nonzeros. */
    public int nnz() {
        return colIdx.length;
    }

    /** First CSR position of row {@code i}; the row's entries are at positions {@code rowStart(i) .. rowEnd(i)-1}. */
    public int rowStart(int i) {
        return rowPtr[i];
    }

    /** One past the last CSR position of row {@code i}. */
    public int rowEnd(int i) {
        return rowPtr[i + 1];
    }

    /** Column index of the entry at CSR position {@code k}. */
    public int colIndexAt(int k) {
        return colIdx[k];
    }

    /** First CSC position of column {@code j}. */
    public int colStart(int j) {
        return colPtr[j];
    }

    /** One past the last CSC position of column {@code j}. */
    public int colEnd(int j) {
        return colPtr[j + 1];
    }

    /** Row index of the entry at CSC position {@code k}. */
    public int rowIndexAt(int k) {
        return rowIdx[k];
    }

    public int rowNnz(int i) {
        return rowPtr[i + 1] - rowPtr[i];
    }

    public int colNnz(int j) {
        return colPtr[j + 1] - colPtr[j];
    }

    /** Largest number of nonzeros in a row: a lower bound for any column partition. */
    public int maxRowNnz() {
        int max = 0;
        for (int i = 0; i < rows; i++) {
            max = Math.max(max, rowNnz(i));
        }
        return max;
    }

    /** Largest number of nonzeros in a column: a lower bound for any row partition. */
    public int maxColNnz() {
        int max = 0;
        for (int j = 0; j < cols; j++) {
            max = Math.max(max, colNnz(j));
        }
        return max;
    }

    /** CSR position of entry (i, j), or -1 if it is not a structural nonzero. */
    public int positionOf(int i, int j) {
        if (i < 0 || i >= rows || j < 0 || j >= cols) {
            return -1;
        }
        int k = Arrays.binarySearch(colIdx, rowPtr[i], rowPtr[i + 1], j);
        return k >= 0 ? k : -1;
    }

    public boolean contains(int i, int j) {
        return positionOf(i, j) >= 0;
    }

    /** Row pointers (copy). */
    public int[] rowPointers() {
        return rowPtr.clone();
    }

    /** Column indices in CSR order (copy). */
    public int[] columnIndices() {
        return colIdx.clone();
    }

    /** Column pointers (copy). */
    public int[] columnPointers() {
        return colPtr.clone();
    }

    /** Row indices in CSC order (copy). */
    public int[] rowIndices() {
        return rowIdx.clone();
    }

    /**
     * The transposed pattern. Costs nothing: CSR and CSC simply swap roles, which is why row colouring is
     * column colouring of the transpose.
     */
    public SparsityPattern transpose() {
        return new SparsityPattern(cols, rows, colPtr, rowIdx, rowPtr, colIdx);
    }

    /** For the k-th entry in CSC order, its position in CSR order. The CSC order is the transpose's CSR order. */
    public int cscToCsrPosition(int k) {
        return cscToCsr()[k];
    }

    int[] cscToCsr() {
        int[] map = cscToCsr;
        if (map == null) {
            map = new int[nnz()];
            int[] next = Arrays.copyOf(colPtr, cols);
            for (int i = 0; i < rows; i++) {
                for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                    map[next[colIdx[k]]++] = k;
                }
            }
            cscToCsr = map;
        }
        return map;
    }

    public boolean isSquare() {
        return rows == cols;
    }

    /** True if square and (i, j) is a nonzero exactly when (j, i) is: the Hessian problems need this. */
    public boolean isStructurallySymmetric() {
        // sorted rows and columns make the CSR and CSC arrays identical exactly for symmetric patterns
        return rows == cols && Arrays.equals(rowPtr, colPtr) && Arrays.equals(colIdx, rowIdx);
    }

    /** The pattern of A + A^T (square only). Useful to pose a Hessian problem on a one-triangle pattern. */
    public SparsityPattern symmetrize() {
        if (!isSquare()) {
            throw new IllegalArgumentException("only a square pattern can be symmetrized, this one is " + rows
                    + " x " + cols);
        }
        int nnz = nnz();
        int[] ri = new int[2 * nnz];
        int[] ci = new int[2 * nnz];
        int t = 0;
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                ri[t] = i;
                ci[t++] = colIdx[k];
                ri[t] = colIdx[k];
                ci[t++] = i;
            }
        }
        return fromCoordinates(rows, cols, ri, ci);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparsityPattern p && p.rows == rows && p.cols == cols && Arrays.equals(p.rowPtr, rowPtr)
                && Arrays.equals(p.colIdx, colIdx);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * (31 * rows + cols) + Arrays.hashCode(colIdx);
            h = 31 * h + Arrays.hashCode(rowPtr);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "SparsityPattern[" + rows + " x " + cols + ", nnz=" + nnz() + "]";
    }

    /** Dense 0/1 picture, for failure messages of small patterns. */
    public String toDenseString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            char[] line = new char[cols];
            Arrays.fill(line, '.');
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                line[colIdx[k]] = 'x';
            }
            sb.append(line).append('\n');
        }
        return sb.toString();
    }
}
