package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The problem / algorithm / result contract. */
class ColoringApiTest {

    @Test
    void problemsHaveStructureAndPartition() {
        assertEquals(Structure.NONSYMMETRIC, ColoringProblem.COLUMN.structure());
        assertEquals(Partition.ROW, ColoringProblem.ROW.partition());
        assertEquals(Structure.SYMMETRIC, ColoringProblem.STAR.structure());
        assertSame(ColoringProblem.COLUMN, ColoringProblem.of(Structure.NONSYMMETRIC, Partition.COLUMN, null));
        assertSame(ColoringProblem.ROW, ColoringProblem.of(Structure.NONSYMMETRIC, Partition.ROW, null));
        assertSame(ColoringProblem.STAR, ColoringProblem.of(Structure.SYMMETRIC, Partition.COLUMN,
                Decompression.DIRECT));
        assertSame(ColoringProblem.ACYCLIC, ColoringProblem.of(Structure.SYMMETRIC, Partition.COLUMN,
                Decompression.SUBSTITUTION));
    }

    @Test
    void decompressionMustFitTheProblem() {
        SparsityPattern p = SparsityPatterns.laplacian2d(4);
        ColoringAlgorithm direct = ColoringAlgorithm.greedy().withDecompression(Decompression.DIRECT);
        ColoringAlgorithm subst = ColoringAlgorithm.greedy().withDecompression(Decompression.SUBSTITUTION);
        assertThrows(IllegalArgumentException.class, () -> Coloring.color(p, ColoringProblem.ACYCLIC, direct));
        assertThrows(IllegalArgumentException.class, () -> Coloring.color(p, ColoringProblem.COLUMN, subst));
        assertThrows(IllegalArgumentException.class, () -> Coloring.color(p, ColoringProblem.DISTANCE_1, direct));
        assertEquals(Decompression.DIRECT, Coloring.color(p, ColoringProblem.STAR, ColoringAlgorithm.greedy())
                .decompression());
        assertEquals(Decompression.SUBSTITUTION, Coloring.color(p, ColoringProblem.ACYCLIC,
                ColoringAlgorithm.greedy()).decompression());
        assertNull(Coloring.color(p, ColoringProblem.DISTANCE_1, ColoringAlgorithm.greedy()).decompression());
    }

    @Test
    void symmetricProblemsNeedSymmetricPatterns() {
        SparsityPattern lower = SparsityPattern.fromCoordinates(2, 2, new int[] {0, 1, 1}, new int[] {0, 0, 1});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Coloring.color(lower, ColoringProblem.STAR, ColoringAlgorithm.greedy()));
        assertTrue(e.getMessage().contains("symmetric"));
        assertThrows(IllegalArgumentException.class, () -> Coloring.color(SparsityPatterns.random(2, 3, 1, 1),
                ColoringProblem.ACYCLIC, ColoringAlgorithm.greedy()));
        assertEquals(2, Coloring.color(lower.symmetrize(), ColoringProblem.STAR, ColoringAlgorithm.greedy())
                .colorCount());
    }

    @Test
    void resultExposesGroupsSeedAndTimings() {
        SparsityPattern p = SparsityPatterns.tridiagonal(7);
        ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN, ColoringAlgorithm.greedy());
        assertEquals(3, r.colorCount());
        assertArrayEquals(new int[][] {{0, 3, 6}, {1, 4}, {2, 5}}, r.groups());
        SeedMatrix s = r.seedMatrix();
        assertEquals(7, s.rows());
        assertEquals(3, s.cols());
        assertEquals(1, s.get(4, 1));
        assertEquals(0, s.get(4, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> s.get(7, 0));
        assertTrue(r.orderMillis() >= 0 && r.colorMillis() >= r.improveMillis() && r.improveMillis() >= 0);
        assertEquals(3, r.lowerBound());
        ColoringResult rows = Coloring.color(SparsityPatterns.random(5, 9, 3, 2), ColoringProblem.ROW,
                ColoringAlgorithm.greedy());
        assertEquals(rows.colorCount(), rows.seedMatrix().rows());
        assertEquals(5, rows.seedMatrix().cols());
        double[][] dense = rows.seedMatrix().toDense();
        for (int i = 0; i < 5; i++) {
            assertEquals(1.0, dense[rows.color(i)][i]);
        }
    }

    @Test
    void compressedMatrixMustHaveTheRightShape() {
        SparsityPattern p = SparsityPatterns.tridiagonal(5);
        ColoringResult r = Coloring.color(p, ColoringProblem.COLUMN, ColoringAlgorithm.greedy());
        assertThrows(IllegalArgumentException.class, () -> r.decompress(new double[5][2]));
        assertThrows(IllegalArgumentException.class, () -> r.decompress(new double[4][3]));
        ColoringResult rr = Coloring.color(p, ColoringProblem.ROW, ColoringAlgorithm.greedy());
        assertThrows(IllegalArgumentException.class, () -> rr.decompress(new double[5][3]));
        SparseMatrix m = rr.decompressToMatrix(new double[3][5]);
        assertEquals(p, m.pattern());
    }

    @Test
    void algorithmIsAnImmutableValue() {
        ColoringAlgorithm a = ColoringAlgorithm.greedy(new SmallestLast());
        ColoringAlgorithm b = a.improve(4).withSeed(9);
        assertEquals(0, a.improveRounds());
        assertEquals(4, b.improveRounds());
        assertEquals(9, b.seed());
        assertEquals(a, ColoringAlgorithm.greedy(new SmallestLast()));
        assertThrows(IllegalArgumentException.class, () -> a.improve(-1));
        assertThrows(NullPointerException.class, () -> ColoringAlgorithm.greedy(null));
    }

    @Test
    void improvementIsReproducibleAndUsuallyHelps() {
        int lowered = 0;
        int total = 0;
        for (long seed = 0; seed < 40; seed++) {
            SparsityPattern p = SparsityPatterns.random(150, 150, 4, seed);
            ColoringAlgorithm a = ColoringAlgorithm.greedy(new RandomOrder(seed)).improve(10).withSeed(seed);
            ColoringResult r1 = Coloring.color(p, ColoringProblem.COLUMN, a);
            ColoringResult r2 = Coloring.color(p, ColoringProblem.COLUMN, a);
            assertArrayEquals(r1.colors(), r2.colors(), "same seed, same colouring");
            assertTrue(r1.colorCount() <= r1.greedyColorCount());
            total++;
            if (r1.colorCount() < r1.greedyColorCount()) {
                lowered++;
            }
        }
        System.out.println("improve(10) lowered the colour count of " + lowered + " of " + total
                + " random 150x150 matrices (random order)");
        assertTrue(lowered >= total / 2, "improvement lowered only " + lowered + " of " + total);
    }
}
