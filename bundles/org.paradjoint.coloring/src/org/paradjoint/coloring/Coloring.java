package org.paradjoint.coloring;

/**
 * Entry point: {@code Coloring.color(pattern, problem, algorithm)}.
 *
 * <p>The problem decides which graph is coloured and what "valid" means, the algorithm decides the order
 * and the recolouring; this class only wires the two together and measures the time.
 */
public final class Coloring {

    private Coloring() {
    }

    /**
     * Colours {@code pattern} for {@code problem} with {@code algorithm}.
     *
     * @throws IllegalArgumentException if a symmetric problem is posed on a pattern that is not structurally
     *                                  symmetric, or the algorithm's decompression does not fit the problem
     */
    public static ColoringResult color(SparsityPattern pattern, ColoringProblem problem,
            ColoringAlgorithm algorithm) {
        Decompression decompression = algorithm.decompressionFor(problem);
        long t0 = System.nanoTime();
        OrderingGraph graph;
        IteratedGreedy.Pass pass;
        switch (problem) {
            case COLUMN -> {
                graph = new ColumnIntersectionGraph(pattern);
                pass = order -> GreedyColoring.partialDistance2(pattern, order);
            }
            case ROW -> {
                SparsityPattern t = pattern.transpose(); // rows of A are the columns of A^T
                graph = new ColumnIntersectionGraph(t);
                pass = order -> GreedyColoring.partialDistance2(t, order);
            }
            case DISTANCE_1 -> {
                AdjacencyGraph g = AdjacencyGraph.of(pattern);
                graph = g;
                pass = order -> GreedyColoring.distance1(g, order);
            }
            case STAR -> {
                AdjacencyGraph g = AdjacencyGraph.of(pattern);
                graph = g;
                pass = order -> StarColoring.color(g, order);
            }
            case ACYCLIC -> {
                AdjacencyGraph g = AdjacencyGraph.of(pattern);
                graph = g;
                pass = order -> AcyclicColoring.color(g, order);
            }
            default -> throw new AssertionError(problem);
        }
        int[] order = Orderings.order(algorithm.ordering(), graph);
        long t1 = System.nanoTime();
        int[] colors = pass.color(order);
        int greedyCount = GreedyColoring.colorCount(colors);
        long t2 = System.nanoTime();
        colors = IteratedGreedy.improve(colors, algorithm.improveRounds(), algorithm.seed(), pass,
                problem == ColoringProblem.STAR || problem == ColoringProblem.ACYCLIC ? null : graph,
                provenLowerBound(pattern, problem));
        long t3 = System.nanoTime();
        return new ColoringResult(pattern, problem, algorithm, decompression, order, colors, greedyCount,
                (t1 - t0) / 1e6, (t3 - t1) / 1e6, (t3 - t2) / 1e6);
    }

    /** A bound no valid colouring can beat ({@link ColoringProblem#lowerBound}), used to stop recolouring early. */
    static int provenLowerBound(SparsityPattern pattern, ColoringProblem problem) {
        return Math.max(1, problem.lowerBound(pattern));
    }
}
