package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * A sparsity pattern with one value per structural nonzero, in the pattern's CSR order.
 *
 * <p>Kept deliberately minimal: the library only needs values to read/write Matrix Market files and to
 * hand back the result of a decompression. The value array is copied in and out so the record stays immutable.
 */
public record SparseMatrix(SparsityPattern pattern, double[] values) {

    public SparseMatrix {
        if (values.length != pattern.nnz()) {
            throw new IllegalArgumentException(values.length + " values for a pattern with " + pattern.nnz()
                    + " nonzeros");
        }
        values = values.clone();
    }

    /** Values in CSR order (copy). */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** Value at CSR position {@code k}. */
    public double valueAt(int k) {
        return values[k];
    }

    /** Entry (i, j); 0 when it is not a structural nonzero. */
    public double get(int i, int j) {
        int k = pattern.positionOf(i, j);
        return k < 0 ? 0.0 : values[k];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparseMatrix m && m.pattern.equals(pattern) && Arrays.equals(m.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * pattern.hashCode() + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "SparseMatrix[" + pattern.rows() + " x " + pattern.cols() + ", nnz=" + pattern.nnz() + "]";
    }
}
