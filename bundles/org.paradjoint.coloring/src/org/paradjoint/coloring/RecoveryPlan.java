package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * What decompression needs, derived from the colours alone: for every nonzero, where in the compressed
 * matrix it is found (direct) or the order in which the two-coloured trees are peeled (substitution).
 *
 * <p>Deriving it from the colours instead of from the colouring algorithm's internal stars and trees means
 * it also works after recolouring, and it double-checks the colouring: a plan cannot be built for a
 * colouring that is not star (resp. acyclic), and that is reported instead of returning wrong numbers.
 */
final class RecoveryPlan {

    private final ColoringProblem problem;
    private final Decompression decompression;
    private final SparsityPattern pattern;
    private final int[] colors;
    private final int colorCount;
    // symmetric direct: value at CSR position k is compressed[srcRow[k]][srcColor[k]]
    private int[] srcRow;
    private int[] srcColor;
    // substitution: per step, entry (stepRow, colour of stepCol) minus what is known about stepRow in the
    // current tree; tree t covers steps treeStart[t] .. treeStart[t+1]-1
    private int[] stepRow;
    private int[] stepCol;
    private int[] stepPos;
    private int[] stepMirror;
    private int[] treeStart;
    private int[] diagPos;

    RecoveryPlan(ColoringProblem problem, Decompression decompression, SparsityPattern pattern, int[] colors,
            int colorCount) {
        this.problem = problem;
        this.decompression = decompression;
        this.pattern = pattern;
        this.colors = colors;
        this.colorCount = colorCount;
        if (problem.structure() == Structure.SYMMETRIC) {
            if (decompression == Decompression.DIRECT) {
                buildStarPlan(AdjacencyGraph.of(pattern));
            } else if (decompression == Decompression.SUBSTITUTION) {
                buildTreePlan(AdjacencyGraph.of(pattern));
            }
        }
    }

    double[] decompress(double[][] b) {
        int m = pattern.rows();
        int n = pattern.cols();
        double[] values = new double[pattern.nnz()];
        switch (problem) {
            case COLUMN -> {
                checkShape(b, m, colorCount, "A S");
                for (int i = 0; i < m; i++) {
                    for (int k = pattern.rowPtr[i]; k < pattern.rowPtr[i + 1]; k++) {
                        values[k] = b[i][colors[pattern.colIdx[k]]];
                    }
                }
            }
            case ROW -> {
                checkShape(b, colorCount, n, "S A");
                for (int i = 0; i < m; i++) {
                    double[] bi = b[colors[i]];
                    for (int k = pattern.rowPtr[i]; k < pattern.rowPtr[i + 1]; k++) {
                        values[k] = bi[pattern.colIdx[k]];
                    }
                }
            }
            case DISTANCE_1 -> throw new IllegalStateException(
                    "a distance-1 colouring does not determine the matrix; use a star or acyclic colouring");
            case STAR, ACYCLIC -> {
                checkShape(b, m, colorCount, "H S");
                if (decompression == Decompression.DIRECT) {
                    for (int k = 0; k < values.length; k++) {
                        values[k] = b[srcRow[k]][srcColor[k]];
                    }
                } else {
                    substitute(b, values);
                }
            }
        }
        return values;
    }

    static void checkShape(double[][] b, int rows, int cols, String what) {
        if (b.length != rows) {
            throw new IllegalArgumentException("compressed matrix " + what + " must have " + rows + " rows, has "
                    + b.length);
        }
        for (int r = 0; r < rows; r++) {
            if (b[r].length != cols) {
                throw new IllegalArgumentException("compressed matrix " + what + " must have " + cols
                        + " columns, row " + r + " has " + b[r].length);
            }
        }
    }

    /**
     * Star colouring: (i, j) can be read as B[i][colour(j)] when j is the only neighbour of i with its
     * colour, else as B[j][colour(i)]; the star property guarantees one of the two.
     */
    private void buildStarPlan(AdjacencyGraph g) {
        int n = g.n();
        int nnz = pattern.nnz();
        srcRow = new int[nnz];
        srcColor = new int[nnz];
        // count[c] = how many neighbours of the current vertex have colour c (stamped, not cleared)
        int[] count = new int[colorCount];
        int[] stamp = GreedyColoring.filled(colorCount, -1);
        boolean[] unique = new boolean[g.adj().length];
        for (int i = 0; i < n; i++) {
            for (int k = g.ptr()[i]; k < g.ptr()[i + 1]; k++) {
                int c = colors[g.adj()[k]];
                if (stamp[c] != i) {
                    stamp[c] = i;
                    count[c] = 0;
                }
                count[c]++;
            }
            for (int k = g.ptr()[i]; k < g.ptr()[i + 1]; k++) {
                unique[k] = count[colors[g.adj()[k]]] == 1;
            }
        }
        for (int i = 0; i < n; i++) {
            int d = pattern.positionOf(i, i);
            if (d >= 0) {
                srcRow[d] = i;
                srcColor[d] = colors[i];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = g.ptr()[i]; k < g.ptr()[i + 1]; k++) {
                int j = g.adj()[k];
                int pos = g.patternPos()[k];
                requireDifferentColours(i, j);
                if (unique[k]) {
                    srcRow[pos] = i;
                    srcColor[pos] = colors[j];
                } else if (unique[mirror(g, i, j)]) {
                    srcRow[pos] = j;
                    srcColor[pos] = colors[i];
                } else {
                    throw new IllegalStateException("not a star colouring: entry (" + i + ", " + j
                            + ") cannot be read directly");
                }
            }
        }
    }

    private void requireDifferentColours(int i, int j) {
        if (colors[i] == colors[j]) {
            throw new IllegalStateException("not a distance-1 colouring: " + i + " and " + j + " share colour "
                    + colors[i]);
        }
    }

    private static int mirror(AdjacencyGraph g, int i, int j) {
        return Arrays.binarySearch(g.adj(), g.ptr()[j], g.ptr()[j + 1], i);
    }

    /**
     * Acyclic colouring: group the undirected edges into the connected components of the two-coloured
     * subgraphs (edges meeting at a vertex belong to the same component when their other ends have the
     * same colour), then peel each component, which must be a tree, from its leaves.
     */
    private void buildTreePlan(AdjacencyGraph g) {
        int n = g.n();
        int ne = g.edgeCount();
        int[] parent = Orderings.natural(ne); // union-find over the edges, every edge its own tree
        int[] size = GreedyColoring.filled(ne, 1);
        int[] firstEdge = new int[colorCount];
        int[] stamp = GreedyColoring.filled(colorCount, -1);
        int[] edgeU = new int[ne];
        int[] edgeV = new int[ne];
        int[] edgePos = new int[ne];
        int[] edgeMirror = new int[ne];
        for (int i = 0; i < n; i++) {
            for (int k = g.ptr()[i]; k < g.ptr()[i + 1]; k++) {
                int j = g.adj()[k];
                int e = g.edgeId()[k];
                requireDifferentColours(i, j);
                if (i < j) {
                    edgeU[e] = i;
                    edgeV[e] = j;
                    edgePos[e] = g.patternPos()[k];
                } else {
                    edgeMirror[e] = g.patternPos()[k];
                }
                int c = colors[j];
                if (stamp[c] != i) {
                    stamp[c] = i;
                    firstEdge[c] = e;
                } else {
                    AcyclicColoring.union(parent, size, AcyclicColoring.find(parent, firstEdge[c]),
                            AcyclicColoring.find(parent, e));
                }
            }
        }
        // bucket edges by component root
        int[] compStart = new int[ne + 1];
        int[] root = new int[ne];
        for (int e = 0; e < ne; e++) {
            root[e] = AcyclicColoring.find(parent, e);
            compStart[root[e] + 1]++;
        }
        for (int r = 0; r < ne; r++) {
            compStart[r + 1] += compStart[r];
        }
        int[] compEdges = new int[ne];
        int[] fill = Arrays.copyOf(compStart, ne);
        for (int e = 0; e < ne; e++) {
            compEdges[fill[root[e]]++] = e;
        }
        // peel every component; local degrees live in treeDeg (reset after each component)
        stepRow = new int[ne];
        stepCol = new int[ne];
        stepPos = new int[ne];
        stepMirror = new int[ne];
        int trees = 0;
        for (int r = 0; r < ne; r++) {
            if (compStart[r + 1] > compStart[r]) {
                trees++;
            }
        }
        treeStart = new int[trees + 1];
        int[] treeDeg = new int[n];
        // incident edges of a vertex inside the current component, as a linked list over edge ends
        int[] headEnd = new int[n];
        Arrays.fill(headEnd, -1);
        int[] nextEnd = new int[2 * ne];
        boolean[] done = new boolean[ne];
        int[] queue = new int[n];
        int steps = 0;
        int tree = 0;
        for (int r = 0; r < ne; r++) {
            int from = compStart[r];
            int to = compStart[r + 1];
            if (from == to) {
                continue;
            }
            treeStart[tree++] = steps;
            for (int t = from; t < to; t++) {
                int e = compEdges[t];
                int u = edgeU[e];
                int v = edgeV[e];
                treeDeg[u]++;
                treeDeg[v]++;
                nextEnd[2 * e] = headEnd[u];
                headEnd[u] = 2 * e;
                nextEnd[2 * e + 1] = headEnd[v];
                headEnd[v] = 2 * e + 1;
            }
            int qh = 0;
            int qt = 0;
            for (int t = from; t < to; t++) {
                int e = compEdges[t];
                if (treeDeg[edgeU[e]] == 1) {
                    queue[qt++] = edgeU[e];
                    treeDeg[edgeU[e]] = -1; // queued marker for leaves, avoids double queueing
                }
                if (treeDeg[edgeV[e]] == 1) {
                    queue[qt++] = edgeV[e];
                    treeDeg[edgeV[e]] = -1;
                }
            }
            int peeled = 0;
            while (qh < qt) {
                int leaf = queue[qh++];
                // its single remaining edge
                int end = headEnd[leaf];
                while (end >= 0 && done[end >> 1]) {
                    end = nextEnd[end];
                }
                if (end < 0) {
                    continue; // the last vertex of the tree: nothing left
                }
                int e = end >> 1;
                done[e] = true;
                peeled++;
                int other = edgeU[e] == leaf ? edgeV[e] : edgeU[e];
                stepRow[steps] = leaf;
                stepCol[steps] = other;
                stepPos[steps] = edgePos[e];
                stepMirror[steps] = edgeMirror[e];
                steps++;
                if (treeDeg[other] > 0 && --treeDeg[other] == 1) {
                    queue[qt++] = other;
                    treeDeg[other] = -1;
                }
            }
            if (peeled != to - from) {
                int e = compEdges[from];
                throw new IllegalStateException("not an acyclic colouring: colours " + colors[edgeU[e]] + " and "
                        + colors[edgeV[e]] + " form a cycle through vertex " + edgeU[e]);
            }
            for (int t = from; t < to; t++) {
                int e = compEdges[t];
                treeDeg[edgeU[e]] = 0;
                treeDeg[edgeV[e]] = 0;
                headEnd[edgeU[e]] = -1;
                headEnd[edgeV[e]] = -1;
            }
        }
        treeStart[tree] = steps;
        diagPos = new int[n];
        for (int i = 0; i < n; i++) {
            diagPos[i] = pattern.positionOf(i, i);
        }
    }

    /**
     * Peels the trees: for a leaf i hanging on j, B[i][colour(j)] is H[i][j] plus the already recovered
     * entries H[i][k] towards i's other (peeled) neighbours k of colour(j), all in the same tree.
     */
    private void substitute(double[][] b, double[] values) {
        int n = pattern.rows();
        for (int i = 0; i < n; i++) {
            if (diagPos[i] >= 0) { // no neighbour shares colour(i), so B[i][colour(i)] = H[i][i]
                values[diagPos[i]] = b[i][colors[i]];
            }
        }
        double[] known = new double[n];
        for (int t = 0; t + 1 < treeStart.length; t++) {
            for (int s = treeStart[t]; s < treeStart[t + 1]; s++) {
                int i = stepRow[s];
                int j = stepCol[s];
                double h = b[i][colors[j]] - known[i];
                values[stepPos[s]] = h;
                values[stepMirror[s]] = h;
                known[j] += h;
            }
            for (int s = treeStart[t]; s < treeStart[t + 1]; s++) {
                known[stepRow[s]] = 0.0;
                known[stepCol[s]] = 0.0;
            }
        }
    }
}
