package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property tests over 200 seeded random matrices per kind (banded, block, power-law, 2D/3D grid
 * Laplacians, random, arrowhead): for every problem and every ordering the colouring is valid by the
 * reference checker, the matrix is recovered exactly from the compressed product, and the colour count
 * respects the greedy bound. A failure message carries the seed and the matrix in Matrix Market form.
 */
class ColoringPropertyTest {

    static final int SEEDS = 200;

    static LongStream seeds() {
        return LongStream.range(0, SEEDS);
    }

    static List<Ordering> orderings(long seed) {
        return List.of(new NaturalOrder(), new RandomOrder(seed), new LargestFirst(), new SmallestLast(),
                new IncidenceDegree(), new DynamicLargestFirst());
    }

    /** The plain greedy algorithm, and for one ordering per seed also the improved one. */
    static List<ColoringAlgorithm> algorithms(Ordering o, long seed) {
        ColoringAlgorithm plain = ColoringAlgorithm.greedy(o);
        boolean improveThisOne = orderings(seed).indexOf(o) == (int) (seed % 6);
        return improveThisOne ? List.of(plain, plain.improve(3).withSeed(seed)) : List.of(plain);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void columnAndRowColouringsAreValidRecoverAndRespectTheGreedyBound(long seed) {
        TestMatrices.Case c = TestMatrices.general(seed);
        SparsityPattern p = c.pattern();
        double[] values = TestMatrices.randomValues(p, seed);
        int columnBound = TestMatrices.maxDistance2Degree(p) + 1;
        int rowBound = TestMatrices.maxDistance2Degree(p.transpose()) + 1;
        for (Ordering o : orderings(seed)) {
            for (ColoringAlgorithm a : algorithms(o, seed)) {
                String where = a + "\n" + c.describe();
                ColoringResult col = Coloring.color(p, ColoringProblem.COLUMN, a);
                assertValid(col, where);
                assertTrue(col.colorCount() <= Math.max(columnBound, p.cols() == 0 ? 0 : 1),
                        "column colours " + col.colorCount() + " > bound " + columnBound + " for " + where);
                assertTrue(col.colorCount() >= p.maxRowNnz(), "below the lower bound?! " + where);
                double[][] b = TestMatrices.times(p, values, col.seedMatrix().toDense());
                assertArrayEquals(values, col.decompress(b), 0.0, "column recovery for " + where);

                ColoringResult row = Coloring.color(p, ColoringProblem.ROW, a);
                assertValid(row, where);
                assertTrue(row.colorCount() <= Math.max(rowBound, p.rows() == 0 ? 0 : 1),
                        "row colours " + row.colorCount() + " > bound " + rowBound + " for " + where);
                double[][] sb = TestMatrices.timesLeft(row.seedMatrix().toDense(), p, values);
                assertArrayEquals(values, row.decompress(sb), 0.0, "row recovery for " + where);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void symmetricColouringsAreValidRecoverAndRespectTheGreedyBound(long seed) {
        TestMatrices.Case c = TestMatrices.symmetric(seed);
        SparsityPattern p = c.pattern();
        double[] real = TestMatrices.randomSymmetricValues(p, seed, false);
        double[] ints = TestMatrices.randomSymmetricValues(p, seed, true);
        int d1Bound = TestMatrices.maxDegree(p) + 1;
        // star and acyclic greedy passes forbid only colours found within distance 2
        int d2Bound = TestMatrices.maxAdjacencyDistance2Degree(p) + 1;
        for (Ordering o : orderings(seed)) {
            for (ColoringAlgorithm a : algorithms(o, seed)) {
                String where = a + "\n" + c.describe();
                ColoringResult d1 = Coloring.color(p, ColoringProblem.DISTANCE_1, a);
                assertValid(d1, where);
                assertTrue(d1.colorCount() <= d1Bound, "d1 colours " + d1.colorCount() + " > " + d1Bound + where);
                assertThrows(IllegalStateException.class, () -> d1.decompress(new double[p.rows()][d1.colorCount()]));

                ColoringResult star = Coloring.color(p, ColoringProblem.STAR, a);
                assertValid(star, where);
                assertTrue(star.colorCount() <= d2Bound, "star colours " + star.colorCount() + " > " + d2Bound
                        + where);
                double[][] b = TestMatrices.times(p, real, star.seedMatrix().toDense());
                assertArrayEquals(real, star.decompress(b), 0.0, "star direct recovery for " + where);
                assertTrue(ColoringChecker.checkAcyclic(p, star.colors()).isEmpty(), "star must be acyclic " + where);

                ColoringResult acyclic = Coloring.color(p, ColoringProblem.ACYCLIC, a);
                assertValid(acyclic, where);
                assertTrue(acyclic.colorCount() <= d2Bound, "acyclic colours " + acyclic.colorCount() + " > "
                        + d2Bound + where);
                double[][] bi = TestMatrices.times(p, ints, acyclic.seedMatrix().toDense());
                assertArrayEquals(ints, acyclic.decompress(bi), 0.0, "acyclic substitution recovery for " + where);
                double[][] br = TestMatrices.times(p, real, acyclic.seedMatrix().toDense());
                assertArrayEquals(real, acyclic.decompress(br), 1e-12, "acyclic recovery, real values, " + where);
            }
        }
        // a star colouring may also be decompressed by substitution
        ColoringResult starSub = Coloring.color(p, ColoringProblem.STAR,
                ColoringAlgorithm.greedy(new SmallestLast()).withDecompression(Decompression.SUBSTITUTION));
        assertEquals(Decompression.SUBSTITUTION, starSub.decompression());
        double[][] bi = TestMatrices.times(p, ints, starSub.seedMatrix().toDense());
        assertArrayEquals(ints, starSub.decompress(bi), 0.0, "star by substitution " + c.describe());
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void improvementNeverIncreasesTheColourCount(long seed) {
        TestMatrices.Case g = TestMatrices.general(seed);
        TestMatrices.Case s = TestMatrices.symmetric(seed);
        Ordering o = orderings(seed).get((int) (seed % 6));
        for (ColoringProblem problem : ColoringProblem.values()) {
            SparsityPattern p = problem.structure() == Structure.SYMMETRIC ? s.pattern() : g.pattern();
            ColoringResult plain = Coloring.color(p, problem, ColoringAlgorithm.greedy(o));
            ColoringResult improved = Coloring.color(p, problem, ColoringAlgorithm.greedy(o).improve(8).withSeed(seed));
            String where = problem + " " + o + " seed=" + seed;
            assertValid(improved, where);
            assertEquals(plain.colorCount(), improved.greedyColorCount(), where);
            assertTrue(improved.colorCount() <= plain.colorCount(), "improve increased colours: " + where);
        }
    }

    static void assertValid(ColoringResult r, String where) {
        Optional<String> violation = ColoringChecker.check(r);
        if (violation.isPresent()) {
            fail(r.problem() + " colouring invalid: " + violation.get() + "\n" + where);
        }
        assertEquals(r.colorCount(), r.groups().length);
        int[] colors = r.colors();
        for (int c = 0; c < r.colorCount(); c++) {
            assertTrue(r.groups()[c].length > 0, "empty colour class " + c + " " + where);
            for (int v : r.groups()[c]) {
                assertEquals(c, colors[v]);
            }
        }
    }
}
