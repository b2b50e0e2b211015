package org.paradjoint.coloring;

/**
 * What decompression of a bicolouring needs, derived from the colours alone (as {@link RecoveryPlan} is
 * for the one-sided problems, and for the same reason: it works after any recolouring, and a colouring
 * that does not allow recovery is reported instead of giving wrong numbers).
 *
 * <p>Direct: every nonzero J(i, j) is read from the forward product {@code B = J V} at (i, colour of j)
 * when column j is coloured and the only column of its colour in row i, else from the reverse product
 * {@code C = W^T J} at (colour of i, j). Substitution: the two products are laid out as the compressed
 * product {@code H S} of the symmetric matrix {@code [0 J^T; J 0]} (rows of {@code C^T} for the column
 * vertices, rows of {@code B} for the row vertices) and the acyclic plan of that matrix peels its trees.
 */
final class BicolorRecovery {

    private final SparsityPattern pattern;
    private final int[] rowColors;
    private final int[] colColors;
    private final int rowColorCount;
    private final int colColorCount;
    // direct: value k is forward[row(k)][fromForward-index] or reverse[index][col(k)]
    private boolean[] fromForward;
    private int[] index;
    // substitution
    private SparsityPattern augmented;
    private RecoveryPlan augmentedPlan;
    private int[] vertexColors;
    private int vertexColorCount;

    BicolorRecovery(BicoloringResult r) {
        this.pattern = r.pattern();
        this.rowColors = r.rowColors();
        this.colColors = r.columnColors();
        this.rowColorCount = r.rowColorCount();
        this.colColorCount = r.columnColorCount();
        if (r.decompression() == Decompression.DIRECT) {
            buildDirectPlan();
        } else {
            augmented = Bicoloring.augmented(pattern);
            vertexColors = r.vertexColors();
            vertexColorCount = r.vertexColorCount();
            augmentedPlan = new RecoveryPlan(ColoringProblem.ACYCLIC, Decompression.SUBSTITUTION, augmented,
                    vertexColors, vertexColorCount);
        }
    }

    private void buildDirectPlan() {
        int n = pattern.cols();
        int[] sides = new int[n + pattern.rows()]; // 0-based, neutral -1, as the uniqueness tests take them
        for (int j = 0; j < n; j++) {
            sides[j] = colColors[j] - 1;
        }
        for (int i = 0; i < rowColors.length; i++) {
            sides[n + i] = rowColors[i] - 1;
        }
        boolean[] forward = NeutralColors.uniqueInRow(pattern, sides, n);
        boolean[] reverse = NeutralColors.uniqueInColumn(pattern, sides, n);
        fromForward = new boolean[pattern.nnz()];
        index = new int[pattern.nnz()];
        for (int i = 0; i < pattern.rows(); i++) {
            for (int k = pattern.rowStart(i); k < pattern.rowEnd(i); k++) {
                int j = pattern.colIndexAt(k);
                if (forward[k]) {
                    fromForward[k] = true;
                    index[k] = colColors[j] - 1;
                } else if (reverse[k]) {
                    index[k] = rowColors[i] - 1;
                } else {
                    throw new IllegalStateException("not a star bicolouring: entry (" + i + ", " + j
                            + ") cannot be read directly from either product");
                }
            }
        }
    }

    double[] decompress(double[][] forward, double[][] reverse) {
        RecoveryPlan.checkShape(forward, pattern.rows(), colColorCount, "J V");
        RecoveryPlan.checkShape(reverse, rowColorCount, pattern.cols(), "W^T J");
        return augmentedPlan == null ? direct(forward, reverse) : substitute(forward, reverse);
    }

    private double[] direct(double[][] forward, double[][] reverse) {
        double[] values = new double[pattern.nnz()];
        for (int i = 0; i < pattern.rows(); i++) {
            for (int k = pattern.rowStart(i); k < pattern.rowEnd(i); k++) {
                values[k] = fromForward[k] ? forward[i][index[k]] : reverse[index[k]][pattern.colIndexAt(k)];
            }
        }
        return values;
    }

    private double[] substitute(double[][] forward, double[][] reverse) {
        int n = pattern.cols();
        int m = pattern.rows();
        // which forward column / reverse row holds each vertex colour (-1: that side does not use it)
        int[] colSlot = GreedyColoring.filled(vertexColorCount, -1);
        int[] rowSlot = GreedyColoring.filled(vertexColorCount, -1);
        for (int j = 0; j < n; j++) {
            if (colColors[j] > 0) {
                colSlot[vertexColors[j]] = colColors[j] - 1;
            }
        }
        for (int i = 0; i < m; i++) {
            if (rowColors[i] > 0) {
                rowSlot[vertexColors[n + i]] = rowColors[i] - 1;
            }
        }
        double[][] hs = new double[n + m][vertexColorCount];
        for (int c = 0; c < vertexColorCount; c++) {
            for (int j = 0; j < n && rowSlot[c] >= 0; j++) {
                hs[j][c] = reverse[rowSlot[c]][j];
            }
            for (int i = 0; i < m && colSlot[c] >= 0; i++) {
                hs[n + i][c] = forward[i][colSlot[c]];
            }
        }
        double[] augmentedValues = augmentedPlan.decompress(hs);
        // row n + i of the augmented pattern lists row i's columns first (they are < n), in the same order
        double[] values = new double[pattern.nnz()];
        for (int i = 0; i < m; i++) {
            System.arraycopy(augmentedValues, augmented.rowStart(n + i), values, pattern.rowStart(i),
                    pattern.rowNnz(i));
        }
        return values;
    }
}
