package org.paradjoint.coloring;

/**
 * The outcome of a colouring: the colour of every column (or row, or vertex), the groups, the seed matrix,
 * the decompression, and how long ordering and colouring took.
 *
 * <p>Colours are 0-based. Arrays handed out are copies. The recovery plan is built on first use, because
 * many callers (the command line, benchmarks) only want the colour count.
 */
public final class ColoringResult {

    private final SparsityPattern pattern;
    private final ColoringProblem problem;
    private final ColoringAlgorithm algorithm;
    private final Decompression decompression;
    private final int[] order;
    private final int[] colors;
    private final int colorCount;
    private final int greedyColorCount;
    private final double orderMillis;
    private final double colorMillis;
    private final double improveMillis;
    private volatile RecoveryPlan plan;

    ColoringResult(SparsityPattern pattern, ColoringProblem problem, ColoringAlgorithm algorithm,
            Decompression decompression, int[] order, int[] colors, int greedyColorCount, double orderMillis,
            double colorMillis, double improveMillis) {
        this.pattern = pattern;
        this.problem = problem;
        this.algorithm = algorithm;
        this.decompression = decompression;
        this.order = order;
        this.colors = colors;
        this.colorCount = GreedyColoring.colorCount(colors);
        this.greedyColorCount = greedyColorCount;
        this.orderMillis = orderMillis;
        this.colorMillis = colorMillis;
        this.improveMillis = improveMillis;
    }

    public SparsityPattern pattern() {
        return pattern;
    }

    public ColoringProblem problem() {
        return problem;
    }

    public ColoringAlgorithm algorithm() {
        return algorithm;
    }

    /** The decompression this colouring was made for; {@code null} for distance-1 colourings. */
    public Decompression decompression() {
        return decompression;
    }

    /** Number of coloured objects: columns (COLUMN and symmetric problems) or rows (ROW). */
    public int vertexCount() {
        return colors.length;
    }

    /** Number of colours (= columns of the compressed matrix, or its rows for a row partition). */
    public int colorCount() {
        return colorCount;
    }

    /** Number of colours of the first greedy pass, before any recolouring. */
    public int greedyColorCount() {
        return greedyColorCount;
    }

    public int color(int vertex) {
        return colors[vertex];
    }

    public int[] colors() {
        return colors.clone();
    }

    /** The vertex order of the first greedy pass. */
    public int[] order() {
        return order.clone();
    }

    /** groups()[c] = the columns (rows, vertices) with colour c, increasing. */
    public int[][] groups() {
        int[] size = new int[colorCount];
        for (int c : colors) {
            size[c]++;
        }
        int[][] groups = new int[colorCount][];
        for (int c = 0; c < colorCount; c++) {
            groups[c] = new int[size[c]];
        }
        int[] fill = new int[colorCount];
        for (int v = 0; v < colors.length; v++) {
            groups[colors[v]][fill[colors[v]]++] = v;
        }
        return groups;
    }

    public SeedMatrix seedMatrix() {
        return new SeedMatrix(colors, colorCount, problem.partition());
    }

    /** See {@link ColoringProblem#lowerBound(SparsityPattern)}. */
    public int lowerBound() {
        return problem.lowerBound(pattern);
    }

    /**
     * Recovers the nonzeros of the matrix from its compressed form: {@code A S} ({@code rows x colors}) for
     * COLUMN, {@code S A} ({@code colors x cols}) for ROW, {@code H S} for STAR and ACYCLIC.
     *
     * @return values in the pattern's CSR order
     * @throws IllegalArgumentException if the compressed matrix has the wrong shape
     * @throws IllegalStateException    for a distance-1 colouring, which does not determine the matrix
     */
    public double[] decompress(double[][] compressed) {
        RecoveryPlan p = plan;
        if (p == null) {
            if (problem == ColoringProblem.DISTANCE_1) {
                throw new IllegalStateException(
                        "a distance-1 colouring does not determine the matrix; use a star or acyclic colouring");
            }
            p = new RecoveryPlan(problem, decompression, pattern, colors, colorCount);
            plan = p;
        }
        return p.decompress(compressed);
    }

    /** As {@link #decompress(double[][])}, paired with the pattern. */
    public SparseMatrix decompressToMatrix(double[][] compressed) {
        return new SparseMatrix(pattern, decompress(compressed));
    }

    /** Time to build the graph view and compute the vertex order, in milliseconds. */
    public double orderMillis() {
        return orderMillis;
    }

    /** Time of the greedy pass plus the recolouring rounds, in milliseconds. */
    public double colorMillis() {
        return colorMillis;
    }

    /** The part of {@link #colorMillis()} spent in recolouring rounds. */
    public double improveMillis() {
        return improveMillis;
    }

    @Override
    public String toString() {
        return "ColoringResult[" + problem + ", " + algorithm.ordering().label() + ", colors=" + colorCount
                + ", order_ms=" + orderMillis + ", color_ms=" + colorMillis + "]";
    }
}
