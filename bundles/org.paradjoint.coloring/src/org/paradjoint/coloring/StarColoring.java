package org.paradjoint.coloring;

/**
 * Greedy star colouring: a distance-1 colouring in which every path on four vertices uses at least three
 * colours, so every two-coloured connected subgraph is a star. That is exactly what direct recovery of a
 * symmetric matrix needs.
 *
 * <p>This is Algorithm 4.1 ("StarColoringAlg") of Gebremedhin, Tarafdar, Manne and Pothen, "New acyclic
 * and star coloring algorithms with application to computing Hessians" (SIAM J. Sci. Comput. 2007/09).
 * Instead of checking all distance-3 paths it maintains the collection of two-coloured stars (each
 * undirected edge belongs to one star, each star has a hub once it has more than one edge) and forbids a
 * colour only when it would create a two-coloured path on four vertices:
 * <ul>
 * <li>Case 1: v has two neighbours w, q of the same colour: v becomes a hub, so all colours around w and q
 * are forbidden (otherwise some x-w-v-q path would be two-coloured);
 * <li>Case 2: v's neighbour w is a leaf of a star whose hub x is adjacent to w: v must not take x's colour.
 * </ul>
 * Complexity is O(|V| d^2) for maximum degree d, as in the paper.
 */
final class StarColoring {

    private StarColoring() {
    }

    static int[] color(AdjacencyGraph g, int[] order) {
        int n = g.n();
        int[] color = GreedyColoring.filled(n, -1);
        int[] forbidden = GreedyColoring.filled(n + 1, -1);
        int[] treated = GreedyColoring.filled(n, -1); // treated[w] = v: w's colours already forbidden for v
        // firstNeighbor[c] = (p, q): while colouring p, q was the first neighbour seen with colour c
        int[] firstP = GreedyColoring.filled(n + 1, -1);
        int[] firstQ = new int[n + 1];
        int[] firstK = new int[n + 1]; // adjacency position of (p, q), to find the edge's star
        // star[e]: star containing undirected edge e; hub[s]: hub vertex of star s, -1 while undetermined
        int[] star = new int[g.edgeCount()];
        int[] hub = new int[Math.max(1, g.edgeCount())];
        int starCount = 0;

        for (int v : order) {
            for (int k = g.ptr()[v]; k < g.ptr()[v + 1]; k++) {
                int w = g.adj()[k];
                int cw = color[w];
                if (cw < 0) {
                    continue;
                }
                forbidden[cw] = v;
                int p = firstP[cw];
                int q = firstQ[cw];
                if (p == v) { // Case 1: second neighbour with colour cw
                    if (treated[q] != v) {
                        treat(g, color, forbidden, treated, v, q);
                    }
                    treat(g, color, forbidden, treated, v, w);
                } else {
                    firstP[cw] = v;
                    firstQ[cw] = w;
                    firstK[cw] = k;
                    for (int t = g.ptr()[w]; t < g.ptr()[w + 1]; t++) {
                        int x = g.adj()[t];
                        if (x == v || color[x] < 0) {
                            continue;
                        }
                        if (x == hub[star[g.edgeId()[t]]]) { // Case 2: w is a leaf of a star with hub x
                            forbidden[color[x]] = v;
                        }
                    }
                }
            }
            int c = GreedyColoring.firstAllowed(forbidden, v);
            color[v] = c;
            starCount = updateStars(g, color, firstP, firstQ, firstK, star, hub, starCount, v);
        }
        return color;
    }

    /** Forbids for v the colours of all coloured neighbours of w. */
    private static void treat(AdjacencyGraph g, int[] color, int[] forbidden, int[] treated, int v, int w) {
        for (int t = g.ptr()[w]; t < g.ptr()[w + 1]; t++) {
            int c = color[g.adj()[t]];
            if (c >= 0) {
                forbidden[c] = v;
            }
        }
        treated[w] = v;
    }

    /** Puts every edge from the freshly coloured v to a coloured neighbour into a star. */
    private static int updateStars(AdjacencyGraph g, int[] color, int[] firstP, int[] firstQ, int[] firstK,
            int[] star, int[] hub, int starCount, int v) {
        int[] ptr = g.ptr();
        int[] adj = g.adj();
        int[] edgeId = g.edgeId();
        int cv = color[v];
        for (int k = ptr[v]; k < ptr[v + 1]; k++) {
            int w = adj[k];
            if (color[w] < 0) {
                continue;
            }
            boolean joined = false;
            for (int t = ptr[w]; t < ptr[w + 1]; t++) {
                int x = adj[t];
                if (x != v && color[x] == cv) { // v-w-x two-coloured: w is the hub of the star of wx
                    int s = star[edgeId[t]];
                    hub[s] = w;
                    star[edgeId[k]] = s;
                    joined = true;
                    break;
                }
            }
            if (!joined) {
                int cw = color[w];
                int p = firstP[cw];
                int q = firstQ[cw];
                if (p == v && q != w) { // w-v-q two-coloured: v is the hub of the star of vq
                    int s = star[edgeId[firstK[cw]]];
                    hub[s] = v;
                    star[edgeId[k]] = s;
                } else { // a new star with the single edge vw, hub not yet known
                    hub[starCount] = -1;
                    star[edgeId[k]] = starCount++;
                }
            }
        }
        return starCount;
    }
}
