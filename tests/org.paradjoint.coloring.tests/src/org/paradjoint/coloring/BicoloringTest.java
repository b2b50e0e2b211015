package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Star and acyclic bicolourings: valid by the reference checker, exact round trip through the forward
 * product {@code J V} and the reverse product {@code W^T J} built from the seed matrices, and the colour
 * counts where bicolouring is known to pay (arrowheads) or must not lose (one-sided covers).
 */
class BicoloringTest {

    static LongStream seeds() {
        return ColoringPropertyTest.seeds();
    }

    /** J V and W^T J from the seed matrices, then decompression; asserts the exact values come back. */
    static void assertRoundTrip(BicoloringResult r, double[] values, String where) {
        SparsityPattern p = r.pattern();
        double[][] v = r.forwardSeed().toDense();
        double[][] wt = r.reverseSeed().toDense();
        assertEquals(p.cols(), v.length, where);
        assertEquals(p.rows(), r.reverseSeed().cols(), where);
        double[][] forward = TestMatrices.times(p, values, v);
        double[][] reverse = TestMatrices.timesLeft(wt, p, values);
        if (forward.length > 0) {
            assertEquals(r.columnColorCount(), forward[0].length, where);
        }
        assertEquals(r.rowColorCount(), reverse.length, where);
        assertArrayEquals(values, r.decompress(forward, reverse), 0.0, "round trip for " + where);
    }

    static void assertValid(BicoloringResult r, String where) {
        Optional<String> violation = ColoringChecker.check(r);
        assertTrue(violation.isEmpty(), violation.orElse("") + " for " + where);
    }

    /** Integer values without 0, so that substitution (which subtracts) is exact too. */
    static double[] integerValues(SparsityPattern p, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[p.nnz()];
        for (int k = 0; k < v.length; k++) {
            v[k] = r.nextInt(1, 1001) * (r.nextBoolean() ? 1 : -1);
        }
        return v;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void starBicolouringsAreValidAndRecoverExactly(long seed) {
        TestMatrices.Case c = TestMatrices.general(seed);
        SparsityPattern p = c.pattern();
        double[] values = TestMatrices.randomValues(p, seed);
        for (Ordering o : ColoringPropertyTest.orderings(seed)) {
            String where = o.label() + "\n" + c.describe();
            BicoloringResult r = Bicoloring.color(p, o);
            assertEquals(Decompression.DIRECT, r.decompression());
            assertValid(r, where);
            assertRoundTrip(r, values, where);
            for (int i = 0; i < p.rows(); i++) {
                assertTrue(r.rowColors()[i] >= 0 && r.rowColors()[i] <= r.rowColorCount(), where);
                if (p.rowNnz(i) == 0) {
                    assertEquals(0, r.rowColors()[i], "an empty row is neutral: " + where);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void acyclicBicolouringsAreValidAndRecoverBySubstitution(long seed) {
        TestMatrices.Case c = TestMatrices.general(seed);
        SparsityPattern p = c.pattern();
        double[] values = integerValues(p, seed);
        ColoringAlgorithm a = ColoringAlgorithm.greedy(ColoringPropertyTest.orderings(seed).get((int) (seed % 6)))
                .withDecompression(Decompression.SUBSTITUTION);
        BicoloringResult r = Bicoloring.color(p, a);
        assertEquals(Decompression.SUBSTITUTION, r.decompression());
        assertValid(r, c.describe());
        assertRoundTrip(r, values, c.describe());
    }

    /**
     * With the natural order the one-side covers colour exactly as the one-sided greedy colourings do
     * (columns are vertices 0..n-1 of the bipartite graph, rows follow), so the kept bicolouring can never
     * need more products than either.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void neverWorseThanTheOneSidedColouringsInNaturalOrder(long seed) {
        TestMatrices.Case c = TestMatrices.general(seed);
        SparsityPattern p = c.pattern();
        ColoringAlgorithm natural = ColoringAlgorithm.greedy();
        int column = Coloring.color(p, ColoringProblem.COLUMN, natural).colorCount();
        int row = Coloring.color(p, ColoringProblem.ROW, natural).colorCount();
        BicoloringResult r = Bicoloring.color(p, natural);
        assertTrue(r.colorCount() <= Math.min(column, row),
                r.colorCount() + " products against column " + column + ", row " + row + " for " + c.describe());
    }

    /**
     * The neutral-colour pass on its own: fed a star colouring of all of [0 J^T; J 0] (every row and
     * column coloured, colours shared by both sides), it must keep a valid star bicolouring and never
     * need more products than the (side, colour) pairs it was given.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void neutralColoursKeepAStarColouringValidAndNeverAddProducts(long seed) {
        TestMatrices.Case c = TestMatrices.general(seed);
        SparsityPattern p = c.pattern();
        int[] colors = Coloring.color(Bicoloring.augmented(p), ColoringProblem.STAR,
                ColoringAlgorithm.greedy(new RandomOrder(seed))).colors();
        NeutralColors sides = NeutralColors.forDirectRecovery(p, colors);
        Optional<String> violation = ColoringChecker.checkStarBicoloring(p, sides.rowColors, sides.colColors);
        assertTrue(violation.isEmpty(), violation.orElse("") + " for " + c.describe());
        Set<Integer> rowPairs = new HashSet<>();
        Set<Integer> colPairs = new HashSet<>();
        for (int j = 0; j < p.cols(); j++) {
            if (p.colNnz(j) > 0) {
                colPairs.add(colors[j]);
            }
        }
        for (int i = 0; i < p.rows(); i++) {
            if (p.rowNnz(i) > 0) {
                rowPairs.add(colors[p.cols() + i]);
            }
        }
        assertTrue(sides.count() <= rowPairs.size() + colPairs.size(), c.describe());
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {4, 10, 100, 1000})
    void arrowheadNeedsThreeProductsInsteadOfN(int n) {
        SparsityPattern p = SparsityPatterns.arrowhead(n);
        for (Ordering o : ColoringPropertyTest.orderings(n)) {
            PartitionAdvice a = PartitionAdvice.of(p, ColoringAlgorithm.greedy(o));
            assertEquals(n, a.columnColors(), o.label());
            assertEquals(n, a.rowColors(), o.label());
            BicoloringResult r = a.bicoloring();
            assertEquals(3, r.colorCount(), o.label() + ": " + r);
            assertTrue(a.bicoloringPays());
            assertValid(r, o.label());
            assertRoundTrip(r, TestMatrices.randomValues(p, n), o.label());
        }
    }

    /**
     * Four full border rows and columns around a band: n colours on either side. Every ordering must find
     * a bicolouring with a handful of products, including those that colour the border lines first.
     */
    @Test
    void borderedBandNeedsAFewProductsInEveryOrder() {
        SparsityPattern p = SparsityPatterns.borderedBand(300, 2, 4);
        for (Ordering o : ColoringPropertyTest.orderings(7)) {
            PartitionAdvice a = PartitionAdvice.of(p, ColoringAlgorithm.greedy(o));
            assertEquals(300, a.oneSided(), o.label());
            assertTrue(a.bicoloring().colorCount() <= 20, o.label() + ": " + a.bicoloring());
            assertValid(a.bicoloring(), o.label());
            assertRoundTrip(a.bicoloring(), TestMatrices.randomValues(p, 7), o.label());
        }
        // substitution: the dense border coloured first would need 300 + 1 products; the reverse order not
        for (Ordering o : new Ordering[] {new LargestFirst(), new SmallestLast()}) {
            BicoloringResult r = Bicoloring.color(p,
                    ColoringAlgorithm.greedy(o).withDecompression(Decompression.SUBSTITUTION));
            assertTrue(r.colorCount() <= 20, o.label() + ": " + r);
            assertValid(r, o.label());
            assertRoundTrip(r, integerValues(p, 7), o.label());
        }
    }

    @Test
    void bandedMatricesDoNotPay() {
        // a band needs as many colours as its width on either side; bicolouring cannot do better there
        PartitionAdvice a = PartitionAdvice.of(SparsityPatterns.banded(200, 2, 2),
                ColoringAlgorithm.greedy(new LargestFirst()));
        assertEquals(5, a.oneSided());
        assertEquals(5, a.bicoloring().colorCount());
        assertFalse(a.bicoloringPays());
    }

    @Test
    void neutralRowsAndColumnsAreInNoGroup() {
        BicoloringResult r = Bicoloring.color(SparsityPatterns.arrowhead(6), new NaturalOrder());
        double[][] v = r.forwardSeed().toDense();
        double[][] wt = r.reverseSeed().toDense();
        int[] cols = r.columnColors();
        for (int j = 0; j < cols.length; j++) {
            double sum = 0;
            for (double x : v[j]) {
                sum += x;
            }
            assertEquals(cols[j] == 0 ? 0.0 : 1.0, sum, "column " + j);
            assertEquals(cols[j] - 1, r.forwardSeed().colorOf(j));
        }
        int[] rows = r.rowColors();
        int neutralRows = 0;
        for (int i = 0; i < rows.length; i++) {
            double sum = 0;
            for (double[] line : wt) {
                sum += line[i];
            }
            assertEquals(rows[i] == 0 ? 0.0 : 1.0, sum, "row " + i);
            neutralRows += rows[i] == 0 ? 1 : 0;
        }
        assertTrue(neutralRows + countZeros(cols) > 0, "an arrowhead leaves some rows or columns neutral");
    }

    private static int countZeros(int[] a) {
        int z = 0;
        for (int x : a) {
            z += x == 0 ? 1 : 0;
        }
        return z;
    }

    @Test
    void emptyPatterns() {
        for (SparsityPattern p : new SparsityPattern[] {SparsityPatterns.random(0, 0, 0, 1),
                SparsityPattern.fromCoordinates(3, 4, new int[0], new int[0])}) {
            for (Decompression d : Decompression.values()) {
                BicoloringResult r = Bicoloring.color(p, ColoringAlgorithm.greedy().withDecompression(d));
                assertEquals(0, r.colorCount(), p + " " + d);
                assertValid(r, p.toString());
                assertArrayEquals(new double[0], r.decompress(new double[p.rows()][0], new double[0][p.cols()]));
            }
        }
    }

    @Test
    void wrongProductShapesAreRejected() {
        SparsityPattern p = SparsityPatterns.arrowhead(5);
        BicoloringResult r = Bicoloring.color(p, new NaturalOrder());
        double[][] forward = new double[5][r.columnColorCount()];
        double[][] reverse = new double[r.rowColorCount()][5];
        assertThrows(IllegalArgumentException.class, () -> r.decompress(new double[4][r.columnColorCount()], reverse));
        assertThrows(IllegalArgumentException.class, () -> r.decompress(forward, new double[r.rowColorCount()][6]));
        assertThrows(IllegalArgumentException.class, () -> r.decompress(forward, new double[r.rowColorCount() + 1][5]));
    }

    /** The checker is the oracle above, so it must also reject what is wrong. */
    @Test
    void checkerRejectsInvalidBicolourings() {
        SparsityPattern full = SparsityPattern.fromCoordinates(2, 2, new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1});
        // both columns in one group and both rows in one group: no entry is isolated anywhere
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {1, 1}, new int[] {1, 1}).orElseThrow()
                .contains("determined by neither product"));
        // columns apart: every entry read forward
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {0, 0}, new int[] {1, 2}).isEmpty());
        // everything neutral determines nothing
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {0, 0}, new int[] {0, 0}).isPresent());
        // row 0 and column 1 neutral: (0, 1) has neither a coloured row nor a coloured column
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {0, 1}, new int[] {1, 0}).orElseThrow()
                .contains("entry (0, 1)"));
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {1}, new int[] {1, 2}).orElseThrow()
                .contains("colours for 2 rows"));
        assertTrue(ColoringChecker.checkStarBicoloring(full, new int[] {1, 1}, new int[] {-1, 2}).isPresent());
        // 2 x 2 full bipartite graph = a 4-cycle: colouring its rows 1, 2 and columns 1, 2 is acyclic...
        assertTrue(ColoringChecker.checkAcyclicBicoloring(full, new int[] {1, 2}, new int[] {1, 2}).isEmpty());
        // ...one colour per side is a two-coloured cycle, and substitution forbids neutral rows
        assertTrue(ColoringChecker.checkAcyclicBicoloring(full, new int[] {1, 1}, new int[] {1, 1}).isPresent());
        assertTrue(ColoringChecker.checkAcyclicBicoloring(full, new int[] {0, 1}, new int[] {1, 2}).orElseThrow()
                .contains("neutral"));
    }
}
