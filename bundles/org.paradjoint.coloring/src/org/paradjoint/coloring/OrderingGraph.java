package org.paradjoint.coloring;

/**
 * The graph an {@link Ordering} looks at: vertices and their distinct neighbours.
 *
 * <p>This is the single place where "degree" gets its meaning per problem: for the bipartite (Jacobian)
 * problems the neighbours are the distance-2 neighbours in the column (or row) intersection graph, for the
 * Hessian problems the distance-1 neighbours in the adjacency graph. Orderings therefore never need to know
 * which problem they serve.
 */
interface OrderingGraph {

    int vertexCount();

    /**
     * Writes the distinct neighbours of {@code v} (never {@code v} itself) to {@code buffer} from index 0
     * and returns how many there are. {@code buffer} must hold at least {@link #neighborBound()} entries.
     */
    int neighbors(int v, int[] buffer);

    /** An upper bound on any vertex's neighbour count, to size buffers. */
    int neighborBound();

    /** Degree of every vertex (the number of distinct neighbours). */
    default int[] degrees() {
        int n = vertexCount();
        int[] deg = new int[n];
        int[] buf = new int[neighborBound()];
        for (int v = 0; v < n; v++) {
            deg[v] = neighbors(v, buf);
        }
        return deg;
    }
}
