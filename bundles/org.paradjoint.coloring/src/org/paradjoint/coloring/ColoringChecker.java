package org.paradjoint.coloring;

import java.util.Arrays;
import java.util.Optional;

/**
 * Exact reference checks of colourings, written straight from the definitions and independent of the
 * colouring algorithms (they share no code with them). They are slower than needed on purpose: they are
 * the oracle of the tests, so they should be easy to believe. Each returns a description of the first
 * violation found, or empty if the colouring is valid.
 */
public final class ColoringChecker {

    private ColoringChecker() {
    }

    /** Checks a result against its own problem. */
    public static Optional<String> check(ColoringResult result) {
        int[] colors = result.colors();
        SparsityPattern p = result.pattern();
        return switch (result.problem()) {
            case COLUMN -> checkColumns(p, colors);
            case ROW -> checkRows(p, colors);
            case DISTANCE_1 -> checkDistance1(p, colors);
            case STAR -> checkStar(p, colors);
            case ACYCLIC -> checkAcyclic(p, colors);
        };
    }

    /** Every two columns with the same colour are structurally orthogonal (share no row). */
    public static Optional<String> checkColumns(SparsityPattern p, int[] colors) {
        return checkShape(colors, p.cols(), "column").or(() -> orthogonalityViolation(p, colors));
    }

    private static Optional<String> orthogonalityViolation(SparsityPattern p, int[] colors) {
        // two columns share a row exactly when both appear in that row: compare all pairs in each row
        for (int i = 0; i < p.rows(); i++) {
            for (int a = p.rowStart(i); a < p.rowEnd(i); a++) {
                for (int b = a + 1; b < p.rowEnd(i); b++) {
                    int j1 = p.colIndexAt(a);
                    int j2 = p.colIndexAt(b);
                    if (colors[j1] == colors[j2]) {
                        return Optional.of("columns " + j1 + " and " + j2 + " both have colour " + colors[j1]
                                + " but share row " + i);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Every two rows with the same colour are structurally orthogonal (share no column). */
    public static Optional<String> checkRows(SparsityPattern p, int[] colors) {
        return checkColumns(p.transpose(), colors).map(s -> s.replace("columns ", "rows ")
                .replace("share row ", "share column "));
    }

    /** Adjacent vertices of the adjacency graph (off-diagonal nonzeros) have different colours. */
    public static Optional<String> checkDistance1(SparsityPattern p, int[] colors) {
        return checkSymmetricInput(p, colors).or(() -> adjacentWithSameColour(p, colors));
    }

    private static Optional<String> adjacentWithSameColour(SparsityPattern p, int[] colors) {
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                if (i != j && colors[i] == colors[j]) {
                    return Optional.of("adjacent vertices " + i + " and " + j + " share colour " + colors[i]);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Distance-1 valid and every path on four vertices uses at least three colours: no path u-v-w-x with
     * colour(u) = colour(w) and colour(v) = colour(x). Every edge is tried as the middle edge v-w.
     */
    public static Optional<String> checkStar(SparsityPattern p, int[] colors) {
        return checkDistance1(p, colors).or(() -> twoColouredPath(p, colors));
    }

    private static Optional<String> twoColouredPath(SparsityPattern p, int[] colors) {
        for (int v = 0; v < p.rows(); v++) {
            for (int k = p.rowStart(v); k < p.rowEnd(v); k++) {
                int w = p.colIndexAt(k);
                if (w == v) {
                    continue;
                }
                int u = neighbourWithColour(p, v, colors[w], w, colors);
                int x = neighbourWithColour(p, w, colors[v], v, colors);
                if (u >= 0 && x >= 0) {
                    return Optional.of("path " + u + "-" + v + "-" + w + "-" + x + " uses only colours "
                            + colors[v] + " and " + colors[w]);
                }
            }
        }
        return Optional.empty();
    }

    private static int neighbourWithColour(SparsityPattern p, int v, int colour, int except, int[] colors) {
        for (int k = p.rowStart(v); k < p.rowEnd(v); k++) {
            int u = p.colIndexAt(k);
            if (u != v && u != except && colors[u] == colour) {
                return u;
            }
        }
        return -1;
    }

    /**
     * Distance-1 valid and every cycle uses at least three colours: for every pair of colours, the subgraph
     * made of the edges joining those two colours is a forest (checked with union-find, pair by pair).
     */
    public static Optional<String> checkAcyclic(SparsityPattern p, int[] colors) {
        return checkDistance1(p, colors).or(() -> twoColouredCycle(p, colors));
    }

    private static Optional<String> twoColouredCycle(SparsityPattern p, int[] colors) {
        int n = p.rows();
        // undirected edges (i < j), sorted by their colour pair
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                if (p.colIndexAt(k) > i) {
                    count++;
                }
            }
        }
        long[] keys = new long[count];
        int[] eu = new int[count];
        int[] ev = new int[count];
        int t = 0;
        for (int i = 0; i < n; i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                if (j > i) {
                    long lo = Math.min(colors[i], colors[j]);
                    long hi = Math.max(colors[i], colors[j]);
                    keys[t] = (lo << 32) | hi; // the colour pair
                    eu[t] = i;
                    ev[t] = j;
                    t++;
                }
            }
        }
        Integer[] idx = new Integer[count];
        for (int e = 0; e < count; e++) {
            idx[e] = e;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(keys[a], keys[b]));
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        int start = 0;
        while (start < count) {
            int end = start;
            while (end < count && keys[idx[end]] == keys[idx[start]]) {
                end++;
            }
            for (int s = start; s < end; s++) {
                int a = root(parent, eu[idx[s]]);
                int b = root(parent, ev[idx[s]]);
                if (a == b) {
                    int e = idx[s];
                    return Optional.of("edge " + eu[e] + "-" + ev[e] + " closes a cycle coloured only with "
                            + colors[eu[e]] + " and " + colors[ev[e]]);
                }
                parent[a] = b;
            }
            for (int s = start; s < end; s++) { // reset the vertices this colour pair touched
                parent[eu[idx[s]]] = eu[idx[s]];
                parent[ev[idx[s]]] = ev[idx[s]];
            }
            start = end;
        }
        return Optional.empty();
    }

    private static int root(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v];
        }
        return v;
    }

    /** Checks a bicolouring against its decompression: star for direct, acyclic for substitution. */
    public static Optional<String> check(BicoloringResult result) {
        SparsityPattern p = result.pattern();
        int[] rows = result.rowColors();
        int[] cols = result.columnColors();
        return result.decompression() == Decompression.DIRECT ? checkStarBicoloring(p, rows, cols)
                : checkAcyclicBicoloring(p, rows, cols);
    }

    /**
     * Every nonzero J(i, j) is determined directly by one of the two products: column j is coloured and no
     * other column of row i has its colour (J(i, j) is entry (i, colour(j)) of J V), or row i is coloured
     * and no other row of column j has its colour (entry (colour(i), j) of W^T J). Colour 0 is neutral: in
     * no group. This is the definition of a star bicolouring in the form recovery uses it.
     */
    public static Optional<String> checkStarBicoloring(SparsityPattern p, int[] rowColors, int[] colColors) {
        return checkSides(p, rowColors, colColors).or(() -> undeterminedEntry(p, rowColors, colColors));
    }

    private static Optional<String> undeterminedEntry(SparsityPattern p, int[] rowColors, int[] colColors) {
        SparsityPattern t = p.transpose();
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                boolean forward = colColors[j] > 0 && soleOfItsColour(p, i, j, colColors);
                boolean reverse = rowColors[i] > 0 && soleOfItsColour(t, j, i, rowColors);
                if (!forward && !reverse) {
                    return Optional.of("entry (" + i + ", " + j + ") is determined by neither product: column "
                            + j + " has colour " + colColors[j] + ", row " + i + " has colour " + rowColors[i]);
                }
            }
        }
        return Optional.empty();
    }

    /** Whether {@code member} is the only column of row {@code row} of p with colour colors[member]. */
    private static boolean soleOfItsColour(SparsityPattern p, int row, int member, int[] colors) {
        for (int k = p.rowStart(row); k < p.rowEnd(row); k++) {
            int other = p.colIndexAt(k);
            if (other != member && colors[other] == colors[member]) {
                return false;
            }
        }
        return true;
    }

    /**
     * No row or column with a nonzero is neutral, and the colouring of the bipartite graph (rows and
     * columns as vertices, row colours kept apart from column colours) is acyclic: then the two products
     * are the compressed product of the symmetric matrix [0 J^T; J 0] under an acyclic colouring, which
     * substitution recovers.
     */
    public static Optional<String> checkAcyclicBicoloring(SparsityPattern p, int[] rowColors,
            int[] colColors) {
        return checkSides(p, rowColors, colColors).or(() -> {
            int n = p.cols();
            int colColorCount = Arrays.stream(colColors).max().orElse(0);
            int[] vertex = new int[n + p.rows()];
            for (int j = 0; j < n; j++) {
                if (colColors[j] == 0 && p.colNnz(j) > 0) {
                    return Optional.of("column " + j + " has nonzeros but the neutral colour");
                }
                vertex[j] = colColors[j];
            }
            for (int i = 0; i < p.rows(); i++) {
                if (rowColors[i] == 0 && p.rowNnz(i) > 0) {
                    return Optional.of("row " + i + " has nonzeros but the neutral colour");
                }
                vertex[n + i] = colColorCount + rowColors[i];
            }
            return checkAcyclic(Bicoloring.augmented(p), vertex);
        });
    }

    private static Optional<String> checkSides(SparsityPattern p, int[] rowColors, int[] colColors) {
        return checkShape(rowColors, p.rows(), "row").or(() -> checkShape(colColors, p.cols(), "column"));
    }

    private static Optional<String> checkSymmetricInput(SparsityPattern p, int[] colors) {
        if (!p.isStructurallySymmetric()) {
            return Optional.of("pattern is not structurally symmetric");
        }
        return checkShape(colors, p.rows(), "vertex");
    }

    private static Optional<String> checkShape(int[] colors, int n, String what) {
        if (colors.length != n) {
            return Optional.of(colors.length + " colours for " + n + " " + what + "s");
        }
        for (int v = 0; v < n; v++) {
            if (colors[v] < 0) {
                return Optional.of(what + " " + v + " has negative colour " + colors[v]);
            }
        }
        return Optional.empty();
    }
}
