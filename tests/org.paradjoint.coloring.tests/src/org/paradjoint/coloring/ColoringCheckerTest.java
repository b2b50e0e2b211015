package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The reference checkers must reject the textbook counterexamples and accept the textbook examples. */
class ColoringCheckerTest {

    /** Symmetric pattern of an undirected graph given as edges, with a full diagonal. */
    static SparsityPattern graph(int n, int[][] edges) {
        int[] ri = new int[n + 2 * edges.length];
        int[] ci = new int[ri.length];
        int t = 0;
        for (int v = 0; v < n; v++) {
            ri[t] = v;
            ci[t++] = v;
        }
        for (int[] e : edges) {
            ri[t] = e[0];
            ci[t++] = e[1];
            ri[t] = e[1];
            ci[t++] = e[0];
        }
        return SparsityPattern.fromCoordinates(n, n, ri, ci);
    }

    @Test
    void columnChecker() {
        SparsityPattern p = SparsityPatterns.tridiagonal(4);
        assertTrue(ColoringChecker.checkColumns(p, new int[] {0, 1, 2, 0}).isEmpty());
        assertTrue(ColoringChecker.checkColumns(p, new int[] {0, 1, 0, 1}).orElseThrow().contains("share row"));
        assertFalse(ColoringChecker.checkColumns(p, new int[] {0, 1, 2}).isEmpty(), "wrong length");
        assertFalse(ColoringChecker.checkColumns(p, new int[] {0, 1, 2, -1}).isEmpty(), "negative colour");
        SparsityPattern rect = SparsityPattern.fromCoordinates(2, 3, new int[] {0, 0, 1}, new int[] {0, 2, 1});
        assertTrue(ColoringChecker.checkColumns(rect, new int[] {0, 0, 1}).isEmpty(), "columns 0 and 1 are orthogonal");
        assertFalse(ColoringChecker.checkColumns(rect, new int[] {0, 1, 0}).isEmpty());
        assertTrue(ColoringChecker.checkRows(rect, new int[] {0, 0}).isEmpty(), "rows 0 and 1 share no column");
        assertTrue(ColoringChecker.checkRows(p, new int[] {0, 0, 1, 2}).orElseThrow().contains("rows 0 and 1"));
    }

    @Test
    void pathOnFourVerticesSeparatesStarFromAcyclic() {
        SparsityPattern path = graph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}});
        int[] abab = {0, 1, 0, 1};
        assertTrue(ColoringChecker.checkDistance1(path, abab).isEmpty());
        assertTrue(ColoringChecker.checkAcyclic(path, abab).isEmpty(), "a path has no cycle");
        assertTrue(ColoringChecker.checkStar(path, abab).orElseThrow().contains("path"), "two-coloured P4");
        assertTrue(ColoringChecker.checkStar(path, new int[] {0, 1, 0, 2}).isEmpty());
    }

    @Test
    void fourCycleColouredWithTwoColoursIsNotAcyclic() {
        SparsityPattern cycle = graph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
        int[] abab = {0, 1, 0, 1};
        assertTrue(ColoringChecker.checkDistance1(cycle, abab).isEmpty());
        assertTrue(ColoringChecker.checkAcyclic(cycle, abab).orElseThrow().contains("cycle"));
        assertFalse(ColoringChecker.checkStar(cycle, abab).isEmpty());
        assertTrue(ColoringChecker.checkAcyclic(cycle, new int[] {0, 1, 0, 2}).isEmpty());
        // the two-coloured 4-cycle 0-1-2-3 inside a bigger graph
        SparsityPattern big = graph(6, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 4}, {4, 5}, {5, 2}});
        assertFalse(ColoringChecker.checkAcyclic(big, new int[] {0, 1, 0, 1, 2, 1}).isEmpty());
        // every cycle of big meets three colours here; the two-coloured subgraphs are paths
        assertTrue(ColoringChecker.checkAcyclic(big, new int[] {0, 1, 0, 2, 1, 2}).isEmpty());
    }

    @Test
    void distance1Checker() {
        SparsityPattern p = graph(3, new int[][] {{0, 1}, {1, 2}});
        assertTrue(ColoringChecker.checkDistance1(p, new int[] {0, 1, 0}).isEmpty());
        assertTrue(ColoringChecker.checkDistance1(p, new int[] {0, 0, 1}).orElseThrow().contains("adjacent"));
        SparsityPattern unsym = SparsityPattern.fromCoordinates(2, 2, new int[] {0}, new int[] {1});
        assertTrue(ColoringChecker.checkDistance1(unsym, new int[] {0, 1}).orElseThrow().contains("symmetric"));
    }

    @Test
    void starColouringIsAcyclic() {
        // every star colouring found on random graphs passes the acyclic check as well
        for (long seed = 0; seed < 50; seed++) {
            SparsityPattern p = TestMatrices.symmetric(seed).pattern();
            int[] colors = Coloring.color(p, ColoringProblem.STAR, ColoringAlgorithm.greedy()).colors();
            assertTrue(ColoringChecker.checkAcyclic(p, colors).isEmpty());
        }
    }
}
