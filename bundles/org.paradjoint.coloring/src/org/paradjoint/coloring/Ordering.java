package org.paradjoint.coloring;

/**
 * A vertex ordering for greedy colouring, named as in the colouring literature (and in ColPack and
 * SparseMatrixColorings.jl).
 *
 * <p>Orderings are plain values (records) without behaviour of their own: the library computes them in
 * {@code Orderings}, switching over this sealed hierarchy. That keeps the graph machinery package-private
 * and makes the set of orderings closed and exhaustively checked by the compiler.
 *
 * <p>"Degree" means the degree in the graph the problem colours: distance-2 degree in the column (or row)
 * intersection graph for Jacobian problems, distance-1 degree in the adjacency graph for Hessian problems.
 */
public sealed interface Ordering
        permits NaturalOrder, RandomOrder, LargestFirst, SmallestLast, IncidenceDegree, DynamicLargestFirst {

    /** The command-line spelling, e.g. {@code smallest-last}. */
    String label();
}
