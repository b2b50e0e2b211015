package org.paradjoint.coloring;

/**
 * A measured recommendation between the one-sided partitions and the bidirectional one, for a generator
 * that can emit either: how many products each needs on this pattern, with this algorithm.
 *
 * <p>Measured rather than predicted because no cheap structural test says when bicolouring pays: it wins
 * by orders of magnitude on matrices with a few dense rows and columns (an arrowhead needs n colours on
 * either side and 3 bicoloured) and loses a little on banded and random ones, where the greedy cover
 * colours everything.
 *
 * @param columnColors products of the column partition, {@code J V}
 * @param rowColors    products of the row partition, {@code W^T J}
 * @param bicoloring   the star bicolouring (forward plus reverse products)
 */
public record PartitionAdvice(int columnColors, int rowColors, BicoloringResult bicoloring) {

    /** Colours the pattern three ways (column, row, bidirectional with direct recovery) with {@code algorithm}. */
    public static PartitionAdvice of(SparsityPattern pattern, ColoringAlgorithm algorithm) {
        ColoringAlgorithm direct = algorithm.withDecompression(Decompression.DIRECT);
        return new PartitionAdvice(Coloring.color(pattern, ColoringProblem.COLUMN, direct).colorCount(),
                Coloring.color(pattern, ColoringProblem.ROW, direct).colorCount(),
                Bicoloring.color(pattern, direct));
    }

    /** The fewest products of a one-sided partition. */
    public int oneSided() {
        return Math.min(columnColors, rowColors);
    }

    /** True when the bidirectional partition needs strictly fewer products than either one-sided one. */
    public boolean bicoloringPays() {
        return bicoloring.colorCount() < oneSided();
    }
}
