package org.paradjoint.coloring;

/**
 * Greedy acyclic colouring: a distance-1 colouring in which every cycle uses at least three colours, so
 * every two-coloured subgraph is a forest. Trees can be peeled leaf by leaf, which is what recovery by
 * substitution needs; acyclic colourings use fewer colours than star colourings.
 *
 * <p>This is Algorithm 3.1 ("AcyclicColoringAlg") of Gebremedhin, Tarafdar, Manne and Pothen, "New
 * acyclic and star coloring algorithms with application to computing Hessians". The two-coloured trees
 * are kept as disjoint sets of edges (union-find with path halving and union by size). Before colouring v:
 * if v is adjacent to two vertices of the same colour in one tree, the tree's other colour is forbidden
 * (it would close a cycle). After colouring v, its edges join trees: edges to equally coloured neighbours
 * merge into one tree with v in the middle ("grow star"), and paths v-w-x with colour(x) = colour(v) merge
 * the trees of vw and wx. Complexity O(|V| d^2 alpha) for maximum degree d.
 */
final class AcyclicColoring {

    private AcyclicColoring() {
    }

    static int[] color(AdjacencyGraph g, int[] order) {
        int n = g.n();
        int[] ptr = g.ptr();
        int[] adj = g.adj();
        int[] edgeId = g.edgeId();
        int[] color = GreedyColoring.filled(n, -1);
        int[] forbidden = GreedyColoring.filled(n + 1, -1);
        // firstNeighbor[c] = (p, edge): while colouring p, the first neighbour with colour c was met via edge
        int[] firstP = GreedyColoring.filled(n + 1, -1);
        int[] firstEdge = new int[n + 1];
        // firstVisit[root] = (p, q): tree with that root edge first reached from p through neighbour q
        int ne = g.edgeCount();
        int[] visitP = GreedyColoring.filled(ne, -1);
        int[] visitQ = new int[ne];
        int[] parent = Orderings.natural(ne); // union-find over the edges, every edge its own tree
        int[] size = GreedyColoring.filled(ne, 1);

        for (int v : order) {
            for (int k = ptr[v]; k < ptr[v + 1]; k++) {
                int cw = color[adj[k]];
                if (cw >= 0) {
                    forbidden[cw] = v;
                }
            }
            // prevent two-coloured cycles through v
            pathsThroughColoured(ptr, adj, color, v, (k, w, t, x) -> {
                int cx = color[x]; // v itself is uncoloured, so x != v here
                if (cx < 0 || forbidden[cx] == v) {
                    return;
                }
                int root = find(parent, edgeId[t]);
                if (visitP[root] != v) {
                    visitP[root] = v;
                    visitQ[root] = w;
                } else if (visitQ[root] != w) {
                    forbidden[cx] = v;
                }
            });
            int c = GreedyColoring.firstAllowed(forbidden, v);
            color[v] = c;
            // grow stars: edges from v to neighbours of one colour form one tree centred at v
            for (int k = ptr[v]; k < ptr[v + 1]; k++) {
                int w = adj[k];
                int cw = color[w];
                if (cw < 0) {
                    continue;
                }
                if (firstP[cw] != v) {
                    firstP[cw] = v;
                    firstEdge[cw] = edgeId[k];
                } else {
                    union(parent, size, find(parent, firstEdge[cw]), find(parent, edgeId[k]));
                }
            }
            // merge trees: path v-w-x with colour(x) = colour(v) joins the trees of vw and wx
            pathsThroughColoured(ptr, adj, color, v, (k, w, t, x) -> {
                if (x != v && color[x] == c) {
                    int r1 = find(parent, edgeId[k]);
                    int r2 = find(parent, edgeId[t]);
                    if (r1 != r2) {
                        union(parent, size, r1, r2);
                    }
                }
            });
        }
        return color;
    }

    /** A path v-w-x: {@code k} and {@code t} are the positions of the edges vw and wx in the adjacency lists. */
    @FunctionalInterface
    private interface PathStep {
        void at(int k, int w, int t, int x);
    }

    /** Every path v-w-x whose middle vertex w is coloured ({@code x} may be v itself). */
    private static void pathsThroughColoured(int[] ptr, int[] adj, int[] color, int v, PathStep step) {
        for (int k = ptr[v]; k < ptr[v + 1]; k++) {
            int w = adj[k];
            if (color[w] >= 0) {
                for (int t = ptr[w]; t < ptr[w + 1]; t++) {
                    step.at(k, w, t, adj[t]);
                }
            }
        }
    }

    static int find(int[] parent, int e) {
        while (parent[e] != e) {
            parent[e] = parent[parent[e]]; // path halving
            e = parent[e];
        }
        return e;
    }

    static void union(int[] parent, int[] size, int r1, int r2) {
        if (r1 == r2) {
            return;
        }
        if (size[r1] < size[r2]) {
            int t = r1;
            r1 = r2;
            r2 = t;
        }
        parent[r2] = r1;
        size[r1] += size[r2];
    }
}
