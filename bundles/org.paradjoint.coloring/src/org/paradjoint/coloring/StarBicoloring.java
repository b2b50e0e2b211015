package org.paradjoint.coloring;

/**
 * Greedy star bicolouring of the bipartite graph of J (vertices: columns 0..n-1, then rows, as in
 * {@link Bicoloring#augmented}), in two steps after Coleman and Verma and Gebremedhin, Manne and Pothen
 * ("What color is your Jacobian?", 2005, section 6):
 * <ol>
 * <li>a vertex cover: the rows and columns that get a colour. Every nonzero has its row or its column in
 * the cover; the others get the neutral colour. {@link #greedyCover} takes the largest degrees first, so
 * that a dense row or column (the hub of an arrowhead) is covered itself instead of forcing all its
 * neighbours in; {@link #sideCover} covers one side, and then the colouring is the one-sided partial
 * distance-2 colouring of that side;</li>
 * <li>a greedy colouring of the cover vertices, row colours and column colours drawn from separate pools
 * (each costs its own product), forbidding for a vertex v:
 * <ul>
 * <li>the colours of the other coloured neighbours x of a neutral neighbour w: J(w, v) and J(w, x) can
 * only be read through v's and x's side, so v and x must not share a group;</li>
 * <li>the colour of x on a path v-w-x-y of coloured vertices with colour(y) = colour(w) (v would be an end
 * of a two-coloured path on four vertices), and the colours of all coloured x next to w when v has
 * two coloured neighbours w, w' of one colour (v would be inside one). Two-coloured paths on four
 * vertices are exactly what leaves some J(i, j) readable from neither product.</li>
 * </ul></li>
 * </ol>
 * The path ends are kept incrementally ({@link PathEnds}), so a vertex next to a dense row or column
 * does not rescan it; the neutral and inside-a-path cases still scan the neighbours of w, which is
 * cheap where the cover leaves only sparse rows and columns neutral.
 */
final class StarBicoloring {

    private StarBicoloring() {
    }

    /**
     * @param cover the vertices to colour; every edge must have an end in it
     * @return colour of every vertex, each side counted from 0; -1 for the vertices outside the cover
     */
    static int[] color(AdjacencyGraph g, int[] order, boolean[] cover) {
        int[] ptr = g.ptr();
        int[] adj = g.adj();
        int[] color = GreedyColoring.filled(g.n(), -1);
        int[] forbidden = GreedyColoring.filled(g.n() + 1, -1);
        int[] firstSeen = GreedyColoring.filled(g.n() + 1, -1); // colour -> the first neighbour of v with it
        int[] seenBy = GreedyColoring.filled(g.n() + 1, -1);
        PathEnds pathEnds = new PathEnds(g, color);
        for (int v : order) {
            if (!cover[v]) {
                continue;
            }
            for (int k = ptr[v]; k < ptr[v + 1]; k++) {
                int w = adj[k];
                if (!cover[w]) {
                    forbidColoursAround(g, color, forbidden, w, v);
                    continue;
                }
                int cw = color[w];
                if (cw < 0) {
                    continue;
                }
                if (seenBy[cw] == v) { // second neighbour with colour cw: v would be inside a 2-coloured path
                    forbidColoursAround(g, color, forbidden, firstSeen[cw], v);
                    forbidColoursAround(g, color, forbidden, w, v);
                } else {
                    seenBy[cw] = v;
                    firstSeen[cw] = w;
                }
                pathEnds.forbidBlocked(w, forbidden, v); // v would end a path v-w-x-y
            }
            color[v] = GreedyColoring.firstAllowed(forbidden, v);
            pathEnds.colored(v);
        }
        return color;
    }

    /** Forbids for v the colours of the coloured neighbours of w other than v. */
    private static void forbidColoursAround(AdjacencyGraph g, int[] color, int[] forbidden, int w, int v) {
        for (int t = g.ptr()[w]; t < g.ptr()[w + 1]; t++) {
            int x = g.adj()[t];
            if (x != v && color[x] >= 0) {
                forbidden[color[x]] = v;
            }
        }
    }

    /**
     * Greedy vertex cover, largest degree first: a vertex joins when one of its edges is still uncovered.
     * Not pruned afterwards: dropping the hub row of an arrowhead because all its columns are covered
     * would force those columns apart (they would all meet in a neutral row).
     */
    static boolean[] greedyCover(AdjacencyGraph g) {
        boolean[] cover = new boolean[g.n()];
        for (int v : Orderings.largestFirst(g)) {
            for (int k = g.ptr()[v]; k < g.ptr()[v + 1]; k++) {
                if (!cover[g.adj()[k]]) {
                    cover[v] = true;
                    break;
                }
            }
        }
        return cover;
    }

    /** The cover of one side: vertices from..to-1 (all columns, or all rows) of the bipartite graph. */
    static boolean[] sideCover(AdjacencyGraph g, int from, int to) {
        boolean[] cover = new boolean[g.n()];
        java.util.Arrays.fill(cover, from, to, true);
        return cover;
    }
}
