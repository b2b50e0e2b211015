package org.paradjoint.coloring;

/**
 * The outcome of a bicolouring: a colour for every row and every column of J, the two seed matrices and
 * the decompression of the two compressed products.
 *
 * <p>Colours follow the literature on bidirectional partitions: 1..{@link #rowColorCount()} for rows,
 * 1..{@link #columnColorCount()} for columns, and the neutral colour 0 for a row or column that is in no
 * group (its side's product does not need it; rows and columns without nonzeros are always neutral). The
 * cost is {@link #colorCount()} = row colours + column colours products: {@code J V} with
 * {@code V = forwardSeed()} (n x column colours) and {@code W^T J} with {@code W^T = reverseSeed()}
 * (row colours x m). Arrays handed out are copies.
 */
public final class BicoloringResult {

    private final SparsityPattern pattern;
    private final ColoringAlgorithm algorithm;
    private final Decompression decompression;
    private final int[] rowColors;
    private final int[] colColors;
    private final int rowColorCount;
    private final int colColorCount;
    private final int[] vertexColors;
    private final int vertexColorCount;
    private final double colorMillis;
    private volatile BicolorRecovery plan;

    BicoloringResult(SparsityPattern pattern, ColoringAlgorithm algorithm, Decompression decompression,
            NeutralColors sides, int[] vertexColors, int vertexColorCount, double colorMillis) {
        this.pattern = pattern;
        this.algorithm = algorithm;
        this.decompression = decompression;
        this.rowColors = sides.rowColors;
        this.colColors = sides.colColors;
        this.rowColorCount = sides.rowColorCount;
        this.colColorCount = sides.colColorCount;
        this.vertexColors = vertexColors;
        this.vertexColorCount = vertexColorCount;
        this.colorMillis = colorMillis;
    }

    public SparsityPattern pattern() {
        return pattern;
    }

    public ColoringAlgorithm algorithm() {
        return algorithm;
    }

    /** Direct (star bicolouring) or substitution (acyclic bicolouring). */
    public Decompression decompression() {
        return decompression;
    }

    /** Colour of every row, 0 = neutral. */
    public int[] rowColors() {
        return rowColors.clone();
    }

    /** Colour of every column, 0 = neutral. */
    public int[] columnColors() {
        return colColors.clone();
    }

    /** Number of reverse products (rows of {@code W^T J}). */
    public int rowColorCount() {
        return rowColorCount;
    }

    /** Number of forward products (columns of {@code J V}). */
    public int columnColorCount() {
        return colColorCount;
    }

    /** Total number of products, forward plus reverse. */
    public int colorCount() {
        return rowColorCount + colColorCount;
    }

    /** Colours of the underlying colouring of the bipartite graph, columns first, 0-based. */
    int[] vertexColors() {
        return vertexColors;
    }

    int vertexColorCount() {
        return vertexColorCount;
    }

    /** {@code V}, n x column colours: V[j][c-1] = 1 when column j has colour c; neutral columns are zero rows. */
    public SeedMatrix forwardSeed() {
        return new SeedMatrix(minusOne(colColors), colColorCount, Partition.COLUMN);
    }

    /** {@code W^T}, row colours x m: W^T[c-1][i] = 1 when row i has colour c; neutral rows are zero columns. */
    public SeedMatrix reverseSeed() {
        return new SeedMatrix(minusOne(rowColors), rowColorCount, Partition.ROW);
    }

    /** Seed matrices count groups from 0 and mark "in no group" with -1. */
    private static int[] minusOne(int[] colors) {
        int[] s = new int[colors.length];
        for (int v = 0; v < colors.length; v++) {
            s[v] = colors[v] - 1;
        }
        return s;
    }

    /**
     * Recovers the nonzeros of J from {@code forward = J V} ({@code m x columnColorCount()}) and
     * {@code reverse = W^T J} ({@code rowColorCount() x n}).
     *
     * @return values in the pattern's CSR order
     * @throws IllegalArgumentException if a product has the wrong shape
     */
    public double[] decompress(double[][] forward, double[][] reverse) {
        BicolorRecovery p = plan;
        if (p == null) {
            p = new BicolorRecovery(this);
            plan = p;
        }
        return p.decompress(forward, reverse);
    }

    /** Time to build the bipartite graph, order, colour it and choose the neutral colours, in milliseconds. */
    public double colorMillis() {
        return colorMillis;
    }

    @Override
    public String toString() {
        return "BicoloringResult[" + decompression + ", " + algorithm.ordering().label() + ", row colors="
                + rowColorCount + ", column colors=" + colColorCount + "]";
    }
}
