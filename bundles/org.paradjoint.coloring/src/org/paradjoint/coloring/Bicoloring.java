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
 * through. Of a few attempts (covers and orders, see {@link #cheapestStarBicoloring}) it keeps the
 * cheapest; as two of them cover one side only, which reproduces the one-sided greedy colouring of that
 * side in the order of the bipartite graph, a star bicolouring never needs more products than those. The
 * recolouring rounds ({@code improve}) are not applied to it.
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
            vertexColors = cheapestStarBicoloring(pattern, AdjacencyGraph.of(augmented), algorithm.ordering());
            sides = NeutralColors.forDirectRecovery(pattern, vertexColors);
        } else {
            vertexColors = cheapestAcyclicBicoloring(pattern, augmented, algorithm);
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

    /** A vertex cover of the bipartite graph and the order in which its vertices are coloured. */
    private record Attempt(boolean[] cover, int[] order) {
    }

    /**
     * Star bicolourings from four attempts, the cheapest kept: the greedy cover in the given order and in
     * its reverse, and the one-side covers in the given order. The reverse is there because the outcome
     * hinges on when the dense rows and columns are coloured: coloured first (as smallest-last and
     * largest-first do) two of them may share a colour while nothing constrains them yet, and then all
     * the columns they share must be told apart (10,000 colours on a band bordered by four full rows and
     * columns); coloured last they see that conflict and take fresh colours (16).
     */
    private static int[] cheapestStarBicoloring(SparsityPattern pattern, AdjacencyGraph g, Ordering ordering) {
        int[] order = Orderings.order(ordering, g);
        boolean[] greedy = StarBicoloring.greedyCover(g);
        int n = pattern.cols();
        int[] best = null;
        int bestCount = Integer.MAX_VALUE;
        for (Attempt a : new Attempt[] {new Attempt(greedy, order), new Attempt(greedy, reversed(order)),
                new Attempt(StarBicoloring.sideCover(g, 0, n), order),
                new Attempt(StarBicoloring.sideCover(g, n, g.n()), order)}) {
            int[] colors = StarBicoloring.color(g, a.order(), a.cover());
            int count = NeutralColors.forDirectRecovery(pattern, colors).count();
            if (count < bestCount) {
                best = colors;
                bestCount = count;
            }
        }
        return best;
    }

    /**
     * The acyclic colouring of {@code [0 J^T; J 0]} as {@link Coloring#color} makes it (with the
     * algorithm's recolouring rounds), or the greedy pass in the reverse order if that needs fewer
     * products, for the reason given at {@link #cheapestStarBicoloring}: largest-first colours the border
     * of a bordered band first and then needs 1,001 products, reversed 15.
     */
    private static int[] cheapestAcyclicBicoloring(SparsityPattern pattern, SparsityPattern augmented,
            ColoringAlgorithm algorithm) {
        int[] given = Coloring.color(augmented, ColoringProblem.ACYCLIC, algorithm).colors();
        AdjacencyGraph g = AdjacencyGraph.of(augmented);
        int[] reverse = AcyclicColoring.color(g, reversed(Orderings.order(algorithm.ordering(), g)));
        return NeutralColors.splitOnly(pattern, reverse).count() < NeutralColors.splitOnly(pattern, given).count()
                ? reverse : given;
    }

    private static int[] reversed(int[] order) {
        int[] r = new int[order.length];
        for (int t = 0; t < order.length; t++) {
            r[t] = order[order.length - 1 - t];
        }
        return r;
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
