package org.paradjoint.coloring;

/**
 * Entry point of the bidirectional partition: {@code Bicoloring.color(pattern, algorithm)} colours the
 * rows and the columns of a Jacobian J (m x n) at once, so that J is recovered from a forward product
 * {@code J V} (columns grouped) together with a reverse product {@code W^T J} (rows grouped).
 *
 * <p>How: a star (resp. acyclic) colouring of the symmetric pattern {@code [0 J^T; J 0]}, whose vertices
 * are the n columns followed by the m rows of J (the bipartite graph of J), is a star (acyclic)
 * bicolouring once row and column colours are counted separately, because splitting a colour class into
 * its row part and its column part refines the colouring and a refinement keeps every two-coloured path
 * and cycle it had before, and no new ones (Coleman and Verma 1998; Gebremedhin, Manne and Pothen, "What
 * color is your Jacobian?", 2005, section 6). The augmented product {@code H S} of that symmetric
 * matrix holds nothing but the forward and reverse products, which is what makes substitution recovery
 * reuse the Hessian machinery. Reusing the symmetric colouring also gives the bidirectional problem
 * every ordering and the recolouring rounds for free; that is how substitution (acyclic) bicolourings are
 * made. For direct recovery {@link StarBicoloring} colours only a vertex cover of the bipartite graph
 * and gives the rest the neutral colour 0, then {@link NeutralColors} drops the groups no nonzero is read
 * through. It tries three covers (a greedy one, all columns, all rows) and keeps the cheapest, so a star
 * bicolouring never needs more products than the one-sided colourings in the same order would (the
 * one-side covers reproduce them); the recolouring rounds ({@code improve}) are not applied to it.
 *
 * <p>This is a separate entry point with its own result type rather than a fifth {@link ColoringProblem}
 * because a bicolouring has two colour vectors and is decompressed from two products.
 */
public final class Bicoloring {

    private Bicoloring() {
    }

    /**
     * Bicolours {@code pattern}. Direct decompression (the default when the algorithm names none) gives a
     * star bicolouring with neutral colours; substitution gives an acyclic bicolouring, where every row
     * and column with a nonzero keeps its colour.
     */
    public static BicoloringResult color(SparsityPattern pattern, ColoringAlgorithm algorithm) {
        Decompression decompression = algorithm.decompression() != null ? algorithm.decompression()
                : Decompression.DIRECT;
        long t0 = System.nanoTime();
        SparsityPattern augmented = augmented(pattern);
        int[] vertexColors;
        NeutralColors sides;
        if (decompression == Decompression.DIRECT) {
            AdjacencyGraph g = AdjacencyGraph.of(augmented);
            int[] order = Orderings.order(algorithm.ordering(), g);
            vertexColors = null;
            sides = null;
            int n = pattern.cols();
            for (boolean[] cover : new boolean[][] {StarBicoloring.greedyCover(g),
                    StarBicoloring.sideCover(g, 0, n), StarBicoloring.sideCover(g, n, g.n())}) {
                int[] colors = StarBicoloring.color(g, order, cover);
                NeutralColors candidate = NeutralColors.forDirectRecovery(pattern, colors);
                if (sides == null || candidate.count() < sides.count()) {
                    vertexColors = colors;
                    sides = candidate;
                }
            }
        } else {
            vertexColors = Coloring.color(augmented, ColoringProblem.ACYCLIC, algorithm).colors();
            sides = NeutralColors.splitOnly(pattern, vertexColors);
        }
        long t1 = System.nanoTime();
        return new BicoloringResult(pattern, algorithm, decompression, sides, vertexColors,
                GreedyColoring.colorCount(vertexColors), (t1 - t0) / 1e6);
    }

    /** Bicolours with greedy star colouring in the given order and direct recovery. */
    public static BicoloringResult color(SparsityPattern pattern, Ordering ordering) {
        return color(pattern, ColoringAlgorithm.greedy(ordering));
    }

    /**
     * The symmetric (n + m) x (n + m) pattern {@code [0 J^T; J 0]}: vertex j < n is column j of J, vertex
     * n + i is row i, and every nonzero (i, j) of J is the pair of entries (n + i, j) and (j, n + i).
     * Row n + i of it lists the same columns, in the same order, as row i of J (recovery relies on that).
     */
    static SparsityPattern augmented(SparsityPattern j) {
        int m = j.rows();
        int n = j.cols();
        int nnz = j.nnz();
        int[] ri = new int[2 * nnz];
        int[] ci = new int[2 * nnz];
        int t = 0;
        for (int i = 0; i < m; i++) {
            for (int k = j.rowStart(i); k < j.rowEnd(i); k++) {
                ri[t] = n + i;
                ci[t++] = j.colIndexAt(k);
                ri[t] = j.colIndexAt(k);
                ci[t++] = n + i;
            }
        }
        return SparsityPattern.fromCoordinates(n + m, n + m, ri, ci);
    }
}
