/**
 * Graph colouring for sparse derivative matrices (ColPack / SparseMatrixColorings.jl style), in plain Java
 * without Eclipse dependencies.
 *
 * <p>Three separate objects, as in SparseMatrixColorings.jl:
 * <ul>
 * <li>the <b>problem</b>, {@link org.paradjoint.coloring.ColoringProblem}: structure (nonsymmetric /
 * symmetric) and partition (column / row), or the Hessian kinds (distance-1, star, acyclic);</li>
 * <li>the <b>algorithm</b>, {@link org.paradjoint.coloring.ColoringAlgorithm}: an
 * {@link org.paradjoint.coloring.Ordering} (natural, random, largest-first, smallest-last,
 * incidence-degree, dynamic-largest-first), the decompression (direct / substitution), and the number of
 * recolouring rounds ({@code improve(N)});</li>
 * <li>the <b>result</b>, {@link org.paradjoint.coloring.ColoringResult}: colours, groups, seed matrix,
 * decompression of the compressed matrix, and timings.</li>
 * </ul>
 *
 * <pre>{@code
 * SparsityPattern p = MatrixMarketReader.read(path).pattern();
 * ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN,
 *         ColoringAlgorithm.greedy(new SmallestLast()).improve(10));
 * double[][] s = r.seedMatrix().toDense();     // n x colours
 * double[][] b = ...;                          // J S, e.g. from forward-mode AD
 * double[] values = r.decompress(b);           // the nonzeros of J in CSR order
 * }</pre>
 *
 * <p>The bidirectional partition (rows and columns of a Jacobian grouped at once, recovered from
 * {@code J V} and {@code W^T J}) has its own entry point, {@link org.paradjoint.coloring.Bicoloring}, and
 * result, {@link org.paradjoint.coloring.BicoloringResult}; {@link org.paradjoint.coloring.PartitionAdvice}
 * says whether it needs fewer products than the one-sided partitions.
 *
 * <p>{@link org.paradjoint.coloring.ColoringChecker} holds exact reference checks of every colouring kind;
 * {@link org.paradjoint.coloring.SparsityPatterns} generates test matrices (stencils, bands, random).
 */
package org.paradjoint.coloring;
