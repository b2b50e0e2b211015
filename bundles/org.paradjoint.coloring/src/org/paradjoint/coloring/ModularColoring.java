package org.paradjoint.coloring;

/**
 * Candidate colourings c(v) = v mod p, the classic colouring of banded matrices (Curtis, Powell and Reid
 * 1974): columns p apart never meet in a row when the band is narrower than p.
 *
 * <p>Why it is tried before recolouring: matrices from stencils on structured grids, numbered
 * lexicographically, have the same property with a small p, often an optimal one (for the 7-point
 * Laplacian on a 40^3 or 100^3 grid, p = 7 works and 7 is the lower bound), which no greedy or local search
 * pass finds from a greedy start. Checking one p costs at most one pass over the graph and usually stops at
 * the first conflict, so trying all p below the current count is cheap.
 *
 * <p>Only for problems where "valid" means "neighbours have different colours" in the given graph.
 */
final class ModularColoring {

    private ModularColoring() {
    }

    /** The smallest p < {@code below} for which v mod p is a valid colouring, as colours; else null. */
    static int[] smallest(OrderingGraph g, int below) {
        int n = g.vertexCount();
        int[] buf = new int[g.neighborBound()];
        for (int p = 1; p < below && p < n; p++) {
            if (valid(g, p, buf)) {
                int[] colors = new int[n];
                for (int v = 0; v < n; v++) {
                    colors[v] = v % p;
                }
                return colors;
            }
        }
        return null;
    }

    private static boolean valid(OrderingGraph g, int p, int[] buf) {
        int n = g.vertexCount();
        for (int v = 0; v < n; v++) {
            int cv = v % p;
            int cnt = g.neighbors(v, buf);
            for (int t = 0; t < cnt; t++) {
                if (buf[t] % p == cv) {
                    return false;
                }
            }
        }
        return true;
    }
}
