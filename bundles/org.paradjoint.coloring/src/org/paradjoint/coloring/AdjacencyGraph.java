package org.paradjoint.coloring;

/**
 * Adjacency graph of a structurally symmetric pattern: vertex i is adjacent to j when (i, j) is a nonzero
 * and i != j. The diagonal is dropped because it never constrains a Hessian colouring.
 *
 * <p>Besides the neighbour lists it keeps, for every directed position, the CSR position in the original
 * pattern (to put recovered values back) and an undirected edge id shared by (i, j) and (j, i): the star
 * and acyclic algorithms attach their stars and trees to undirected edges.
 *
 * @param n vertex count
 * @param ptr start of each vertex's neighbours in {@code adj} (CSR), n + 1 entries
 * @param adj neighbours, increasing within a vertex
 * @param patternPos CSR position in the pattern of adjacency position k
 * @param edgeId undirected edge id of adjacency position k; (i, j) and (j, i) share it
 * @param edgeCount number of undirected edges
 */
record AdjacencyGraph(int n, int[] ptr, int[] adj, int[] patternPos, int[] edgeId, int edgeCount)
        implements OrderingGraph {

    /** @throws IllegalArgumentException if the pattern is not structurally symmetric */
    static AdjacencyGraph of(SparsityPattern p) {
        requireSymmetric(p);
        int n = p.rows();
        int[] ptr = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int d = p.rowNnz(i);
            if (p.positionOf(i, i) >= 0) {
                d--;
            }
            ptr[i + 1] = ptr[i] + d;
        }
        int m = ptr[n];
        int[] adj = new int[m];
        int[] pos = new int[m];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int k = p.rowPtr[i]; k < p.rowPtr[i + 1]; k++) {
                if (p.colIdx[k] != i) {
                    adj[t] = p.colIdx[k];
                    pos[t++] = k;
                }
            }
        }
        // Edge ids: (v, w) with v < w gets a fresh id when row v is visited; (w, v) is met later (rows in
        // increasing order) and, because rows are sorted, at the next unused position above the diagonal
        // of row w, tracked by cursor[w]. This avoids a binary search per entry.
        int[] edgeId = new int[m];
        int[] cursor = new int[n];
        for (int v = 0; v < n; v++) {
            int k = ptr[v];
            while (k < ptr[v + 1] && adj[k] < v) {
                k++;
            }
            cursor[v] = k;
        }
        int ids = 0;
        for (int v = 0; v < n; v++) {
            for (int k = ptr[v]; k < ptr[v + 1]; k++) {
                int w = adj[k];
                if (w > v) {
                    edgeId[k] = ids++;
                } else {
                    edgeId[k] = edgeId[cursor[w]++];
                }
            }
        }
        return new AdjacencyGraph(n, ptr, adj, pos, edgeId, ids);
    }

    static void requireSymmetric(SparsityPattern p) {
        if (!p.isSquare()) {
            throw new IllegalArgumentException("a symmetric (Hessian) colouring needs a square pattern, got "
                    + p.rows() + " x " + p.cols());
        }
        if (!p.isStructurallySymmetric()) {
            throw new IllegalArgumentException("a symmetric (Hessian) colouring needs a structurally symmetric"
                    + " pattern; use SparsityPattern.symmetrize() for a one-triangle pattern");
        }
    }

    int degree(int v) {
        return ptr[v + 1] - ptr[v];
    }

    int maxDegree() {
        int max = 0;
        for (int v = 0; v < n; v++) {
            max = Math.max(max, degree(v));
        }
        return max;
    }

    @Override
    public int vertexCount() {
        return n;
    }

    @Override
    public int neighborBound() {
        return maxDegree();
    }

    @Override
    public int neighbors(int v, int[] buffer) {
        int d = ptr[v + 1] - ptr[v];
        System.arraycopy(adj, ptr[v], buffer, 0, d);
        return d;
    }

    @Override
    public int[] degrees() {
        int[] deg = new int[n];
        for (int v = 0; v < n; v++) {
            deg[v] = ptr[v + 1] - ptr[v];
        }
        return deg;
    }
}
