package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Matrices whose optimal or expected colour counts are known. The tables printed here go into the docs. */
class KnownAnswersTest {

    static final List<Ordering> ORDERINGS = List.of(new NaturalOrder(), new RandomOrder(42), new LargestFirst(),
            new SmallestLast(), new IncidenceDegree(), new DynamicLargestFirst());

    @Test
    void tridiagonalNeedsExactlyThreeColumnColoursInNaturalOrder() {
        for (int n = 3; n <= 200; n++) {
            ColoringResult r = Coloring.color(SparsityPatterns.tridiagonal(n), ColoringProblem.COLUMN,
                    ColoringAlgorithm.greedy(new NaturalOrder()));
            assertEquals(3, r.colorCount(), "n = " + n);
            for (int j = 0; j < n; j++) {
                assertEquals(j % 3, r.color(j), "natural order gives the classic j mod 3 groups");
            }
        }
        assertEquals(1, Coloring.color(SparsityPatterns.tridiagonal(1), ColoringProblem.COLUMN,
                ColoringAlgorithm.greedy()).colorCount());
        assertEquals(2, Coloring.color(SparsityPatterns.tridiagonal(2), ColoringProblem.COLUMN,
                ColoringAlgorithm.greedy()).colorCount());
    }

    @Test
    void bandedMatrixNeedsItsBandwidth() {
        SparsityPattern p = SparsityPatterns.banded(100, 2, 3);
        for (Ordering o : ORDERINGS) {
            ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN, ColoringAlgorithm.greedy(o).improve(5));
            assertEquals(6, r.colorCount(), o.label()); // a full row of 6 is a clique, j mod 6 achieves it
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 7, 50, 301})
    void arrowheadColumnColouringEqualsItsSize(int n) {
        SparsityPattern p = SparsityPatterns.arrowhead(n);
        for (Ordering o : ORDERINGS) {
            for (ColoringProblem problem : List.of(ColoringProblem.COLUMN, ColoringProblem.ROW)) {
                ColoringResult r = Coloring.color(p, problem, ColoringAlgorithm.greedy(o));
                assertEquals(n, r.colorCount(), problem + " " + o.label());
                assertEquals(n, r.lowerBound());
            }
            // symmetry helps: the first row/column is one star
            assertEquals(2, Coloring.color(p, ColoringProblem.STAR, ColoringAlgorithm.greedy(o)).colorCount(),
                    o.label());
            assertEquals(2, Coloring.color(p, ColoringProblem.ACYCLIC, ColoringAlgorithm.greedy(o)).colorCount(),
                    o.label());
        }
    }

    @Test
    void laplacian2dGetsAtMostFiveColumnColoursWithSmallestLast() {
        // 5 is optimal (a row holds 5 nonzeros). On the smallest grids the boundary spoils it: k = 3, 4, 6
        // get 6 colours with smallest-last; every k >= 7 gets 5.
        StringBuilder sb = new StringBuilder("smallest-last column colours of the k x k 5-point Laplacian:");
        for (int k = 1; k <= 60; k++) {
            SparsityPattern p = SparsityPatterns.laplacian2d(k);
            ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN, ColoringAlgorithm.greedy(new SmallestLast()));
            sb.append(' ').append(k).append(':').append(r.colorCount());
            if (k >= 7) {
                assertTrue(r.colorCount() <= 5, "smallest-last on the " + k + "x" + k + " grid gave " + r.colorCount());
            } else {
                assertTrue(r.colorCount() <= 6, k + "x" + k + ": " + r.colorCount());
            }
            assertTrue(r.colorCount() >= p.maxRowNnz());
        }
        System.out.println(sb);
        for (int k : new int[] {10, 31, 100}) {
            System.out.println(table("2D 5-point Laplacian " + k + "x" + k, SparsityPatterns.laplacian2d(k)));
        }
        ColoringResult big = Coloring.color(SparsityPatterns.laplacian2d(1000), ColoringProblem.COLUMN,
                ColoringAlgorithm.greedy(new SmallestLast()));
        assertEquals(5, big.colorCount(), "1000 x 1000");
    }

    @Test
    void laplacian3dTable() {
        System.out.println(table("3D 7-point Laplacian 12^3", SparsityPatterns.laplacian3d(12)));
    }

    @Test
    void improvementBringsThe3dLaplacianToAtMostNineColours() {
        for (int k : new int[] {10, 16, 20}) {
            SparsityPattern p = SparsityPatterns.laplacian3d(k);
            ColoringResult greedy = Coloring.color(p, ColoringProblem.COLUMN, ColoringAlgorithm.greedy(new SmallestLast()));
            ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN,
                    ColoringAlgorithm.greedy(new SmallestLast()).improve(5));
            ColoringPropertyTest.assertValid(r, "3d " + k);
            System.out.printf("3D Laplacian %d^3 column: greedy smallest-last %d, after improve(5) %d (lower bound 7)%n",
                    k, greedy.colorCount(), r.colorCount());
            assertTrue(r.colorCount() <= 9, k + "^3: " + r.colorCount());
            assertTrue(r.colorCount() >= 7);
        }
    }

    /** Colours for every problem and ordering, as a text table. */
    static String table(String title, SparsityPattern p) {
        StringBuilder sb = new StringBuilder(title + " (" + p + ")\n");
        sb.append(String.format("  %-22s", "problem \\ order"));
        for (Ordering o : ORDERINGS) {
            sb.append(String.format(" %21s", o.label()));
        }
        sb.append('\n');
        for (ColoringProblem problem : ColoringProblem.values()) {
            sb.append(String.format("  %-22s", problem));
            for (Ordering o : ORDERINGS) {
                ColoringResult r = Coloring.color(p, problem, ColoringAlgorithm.greedy(o));
                ColoringPropertyTest.assertValid(r, title);
                sb.append(String.format(" %21d", r.colorCount()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
