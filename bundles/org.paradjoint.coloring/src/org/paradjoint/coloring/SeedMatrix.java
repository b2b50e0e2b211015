package org.paradjoint.coloring;

/**
 * The 0/1 seed matrix of a colouring. For a column partition (and the symmetric problems) it is
 * {@code n x p} with S[j][c] = 1 exactly when column j has colour c, used as {@code B = A S}; for a row
 * partition it is {@code p x m} with S[c][i] = 1 exactly when row i has colour c, used as {@code B = S A}.
 *
 * <p>A colour of -1 puts a column/row in no group (a neutral colour of a bicolouring): its row/column of the
 * seed matrix is zero.
 *
 * <p>Stored as the colour vector only (one int per column/row); {@link #toDense()} expands it for small
 * cases and tests.
 */
public final class SeedMatrix {

    private final int[] colors;
    private final int colorCount;
    private final Partition partition;

    SeedMatrix(int[] colors, int colorCount, Partition partition) {
        this.colors = colors;
        this.colorCount = colorCount;
        this.partition = partition;
    }

    public Partition partition() {
        return partition;
    }

    public int rows() {
        return partition == Partition.COLUMN ? colors.length : colorCount;
    }

    public int cols() {
        return partition == Partition.COLUMN ? colorCount : colors.length;
    }

    /** Entry (r, c), 0 or 1. */
    public int get(int r, int c) {
        if (r < 0 || r >= rows() || c < 0 || c >= cols()) {
            throw new IndexOutOfBoundsException("(" + r + ", " + c + ") outside " + rows() + " x " + cols());
        }
        return partition == Partition.COLUMN ? (colors[r] == c ? 1 : 0) : (colors[c] == r ? 1 : 0);
    }

    /**
     * The colour (= seed column for COLUMN, seed row for ROW) of matrix column/row {@code index}; -1 when it
     * is in no group.
     */
    public int colorOf(int index) {
        return colors[index];
    }

    public double[][] toDense() {
        double[][] s = new double[rows()][cols()];
        for (int v = 0; v < colors.length; v++) {
            if (colors[v] < 0) {
                continue;
            }
            if (partition == Partition.COLUMN) {
                s[v][colors[v]] = 1.0;
            } else {
                s[colors[v]][v] = 1.0;
            }
        }
        return s;
    }
}
