package org.paradjoint.coloring;

/**
 * What is to be coloured: the structure of the matrix (general or symmetric) and which of its sides is
 * partitioned, plus, for symmetric matrices, which colouring notion is wanted.
 *
 * <p>This is the first of the three objects of the API (problem, {@link ColoringAlgorithm},
 * {@link ColoringResult}), after SparseMatrixColorings.jl: the problem says what a valid answer is, the
 * algorithm says how to find one. An enum because the set of problems is small and closed.
 */
public enum ColoringProblem {

    /** Jacobian, column partition: partial distance-2 colouring of the columns in the bipartite graph. */
    COLUMN,
    /** Jacobian, row partition: partial distance-2 colouring of the rows in the bipartite graph. */
    ROW,
    /**
     * Symmetric, distance-1 colouring of the adjacency graph. Cheapest, but it does not allow recovering
     * a Hessian (it is here as a reference point and for the graph bound checks).
     */
    DISTANCE_1,
    /** Hessian, star colouring: direct recovery from H S. */
    STAR,
    /** Hessian, acyclic colouring: recovery from H S by substitution. */
    ACYCLIC;

    /** The Jacobian problems are general, the others symmetric. */
    public Structure structure() {
        return this == COLUMN || this == ROW ? Structure.NONSYMMETRIC : Structure.SYMMETRIC;
    }

    /** Only {@link #ROW} partitions rows. */
    public Partition partition() {
        return this == ROW ? Partition.ROW : Partition.COLUMN;
    }

    /** The decompression used when the algorithm does not name one; {@code null} for {@link #DISTANCE_1}. */
    public Decompression defaultDecompression() {
        return switch (this) {
            case COLUMN, ROW, STAR -> Decompression.DIRECT;
            case ACYCLIC -> Decompression.SUBSTITUTION;
            case DISTANCE_1 -> null;
        };
    }

    /**
     * The problem SparseMatrixColorings.jl would pose for this structure, partition and decompression:
     * general matrices get the column/row partial distance-2 problems, symmetric ones a star (direct) or
     * acyclic (substitution) colouring.
     */
    public static ColoringProblem of(Structure structure, Partition partition, Decompression decompression) {
        if (structure == Structure.NONSYMMETRIC) {
            return partition == Partition.COLUMN ? COLUMN : ROW;
        }
        return decompression == Decompression.SUBSTITUTION ? ACYCLIC : STAR;
    }

    /**
     * A lower bound no valid colouring can beat, printed next to the colour count: for {@link #COLUMN}
     * the largest number of nonzeros in a row and for {@link #ROW} the largest number in a column
     * (those columns/rows are pairwise in conflict). For the symmetric kinds only the trivial bound,
     * 2 when there is an off-diagonal nonzero: the maximum degree plus one (the largest closed
     * neighbourhood) is what a column partition needs, not these colourings, which exploit symmetry
     * (an arrowhead matrix is star coloured with 2 colours, a 2-D grid distance-1 coloured with 2).
     */
    public int lowerBound(SparsityPattern pattern) {
        return switch (this) {
            case COLUMN -> pattern.maxRowNnz();
            case ROW -> pattern.maxColNnz();
            case DISTANCE_1, STAR, ACYCLIC -> maxOffDiagonalDegree(pattern) > 0 ? 2 : pattern.rows() > 0 ? 1 : 0;
        };
    }

    private static int maxOffDiagonalDegree(SparsityPattern p) {
        int max = 0;
        for (int i = 0; i < p.rows(); i++) {
            int d = p.rowNnz(i) - (p.positionOf(i, i) >= 0 ? 1 : 0);
            max = Math.max(max, d);
        }
        return max;
    }
}
