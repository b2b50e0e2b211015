package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SparsityPatternTest {

    @Test
    void coordinatesAreSortedAndDeduplicated() {
        SparsityPattern p = SparsityPattern.fromCoordinates(3, 4, new int[] {2, 0, 0, 2, 0, 1}, new int[] {1, 3, 0, 1, 3, 2});
        assertEquals(3, p.rows());
        assertEquals(4, p.cols());
        assertEquals(4, p.nnz());
        assertArrayEquals(new int[] {0, 2, 3, 4}, p.rowPointers());
        assertArrayEquals(new int[] {0, 3, 2, 1}, p.columnIndices());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, p.columnPointers());
        assertArrayEquals(new int[] {0, 2, 1, 0}, p.rowIndices());
        assertTrue(p.contains(0, 3));
        assertFalse(p.contains(1, 1));
        assertEquals(1, p.positionOf(0, 3));
        assertEquals(-1, p.positionOf(5, 0));
        assertEquals(2, p.maxRowNnz());
        assertEquals(1, p.maxColNnz());
        assertEquals("x..x\n..x.\n.x..\n", p.toDenseString());
    }

    @Test
    void transposeSwapsRowsAndColumns() {
        SparsityPattern p = SparsityPatterns.random(30, 17, 4, 3);
        SparsityPattern t = p.transpose();
        assertEquals(p.cols(), t.rows());
        for (int i = 0; i < p.rows(); i++) {
            for (int j = 0; j < p.cols(); j++) {
                assertEquals(p.contains(i, j), t.contains(j, i));
            }
        }
        assertEquals(p, t.transpose());
        for (int k = 0; k < p.nnz(); k++) { // CSC order -> CSR position
            int csr = p.cscToCsrPosition(k);
            assertEquals(p.rowIndexAt(k), rowOfPosition(p, csr));
        }
    }

    static int rowOfPosition(SparsityPattern p, int k) {
        for (int i = 0; i < p.rows(); i++) {
            if (k >= p.rowStart(i) && k < p.rowEnd(i)) {
                return i;
            }
        }
        throw new AssertionError();
    }

    @Test
    void symmetryDetectionAndSymmetrize() {
        assertTrue(SparsityPatterns.laplacian2d(5).isStructurallySymmetric());
        SparsityPattern lower = SparsityPattern.fromCoordinates(3, 3, new int[] {0, 1, 2, 2}, new int[] {0, 0, 1, 2});
        assertFalse(lower.isStructurallySymmetric());
        SparsityPattern s = lower.symmetrize();
        assertTrue(s.isStructurallySymmetric());
        assertEquals(6, s.nnz());
        assertFalse(SparsityPatterns.random(3, 4, 2, 1).isStructurallySymmetric());
        assertThrows(IllegalArgumentException.class, () -> SparsityPatterns.random(3, 4, 2, 1).symmetrize());
    }

    /**
     * A structurally symmetric pattern keeps one copy of its structure for both forms (the distance-2 walks
     * of the column colourings then touch half the memory); any other keeps its own CSC, and both read the
     * same either way.
     */
    @Test
    void symmetricPatternsShareOneCopyForCsrAndCsc() {
        SparsityPattern lap = SparsityPatterns.laplacian3d(5);
        assertSame(lap.rowPtr, lap.colPtr);
        assertSame(lap.colIdx, lap.rowIdx);
        SparsityPattern fromCsr = SparsityPattern.fromCsr(lap.rows(), lap.cols(), lap.rowPointers(), lap.columnIndices());
        assertSame(fromCsr.rowPtr, fromCsr.colPtr);
        assertEquals(lap, fromCsr);

        SparsityPattern lower = SparsityPattern.fromCoordinates(3, 3, new int[] {0, 1, 2, 2}, new int[] {0, 0, 1, 2});
        assertNotSame(lower.colIdx, lower.rowIdx);
        assertArrayEquals(new int[] {0, 2, 3, 4}, lower.colPtr);
        assertArrayEquals(new int[] {0, 1, 2, 2}, lower.rowIdx);
        // same nonzero count per row and column, but not symmetric: must not share
        SparsityPattern cycle = SparsityPattern.fromCoordinates(3, 3, new int[] {0, 1, 2}, new int[] {1, 2, 0});
        assertNotSame(cycle.rowIdx, cycle.colIdx);
        assertArrayEquals(new int[] {2, 0, 1}, cycle.rowIdx);
    }

    @Test
    void invalidInputIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCoordinates(2, 2, new int[] {2}, new int[] {0}));
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCoordinates(2, 2, new int[] {0}, new int[] {-1}));
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCoordinates(-1, 2, new int[0], new int[0]));
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCoordinates(2, 2, new int[] {0, 1}, new int[] {0}));
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCsr(2, 2, new int[] {0, 2, 1}, new int[] {0, 1}));
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCsr(2, 2, new int[] {0, 2, 2}, new int[] {1, 0}), "unsorted");
        assertThrows(IllegalArgumentException.class,
                () -> SparsityPattern.fromCsr(2, 2, new int[] {0, 1, 2}, new int[] {0, 2}), "out of range");
    }

    @Test
    void csrRoundTripAndImmutability() {
        SparsityPattern p = SparsityPatterns.laplacian3d(4);
        int[] rp = p.rowPointers();
        int[] ci = p.columnIndices();
        SparsityPattern q = SparsityPattern.fromCsr(p.rows(), p.cols(), rp, ci);
        assertEquals(p, q);
        assertEquals(p.hashCode(), q.hashCode());
        ci[0] = 5; // the pattern keeps its own copy
        assertEquals(p, q);
        assertNotEquals(p, SparsityPatterns.laplacian3d(3));
    }

    @Test
    void emptyPatterns() {
        SparsityPattern p = SparsityPattern.fromCoordinates(0, 0, new int[0], new int[0]);
        assertEquals(0, p.nnz());
        assertTrue(p.isStructurallySymmetric());
        for (ColoringProblem problem : ColoringProblem.values()) {
            ColoringResult r = Coloring.color(p, problem, ColoringAlgorithm.greedy().improve(2));
            assertEquals(0, r.colorCount());
        }
        SparsityPattern empty = SparsityPattern.fromCoordinates(3, 5, new int[0], new int[0]);
        ColoringResult r = Coloring.color(empty, ColoringProblem.COLUMN, ColoringAlgorithm.greedy());
        assertEquals(1, r.colorCount(), "empty columns all fit in one group");
        assertArrayEquals(new double[0], r.decompress(new double[3][1]));
    }

    @Test
    void generatorsHaveTheExpectedShapes() {
        assertEquals(3 * 10 - 2, SparsityPatterns.tridiagonal(10).nnz());
        assertEquals(5 * 16 - 4 * 4, SparsityPatterns.laplacian2d(4).nnz());
        assertEquals(7 * 27 - 6 * 9, SparsityPatterns.laplacian3d(3).nnz());
        assertEquals(3 * 10 - 2, SparsityPatterns.arrowhead(10).nnz());
        assertTrue(SparsityPatterns.randomSymmetric(50, 3, 1).isStructurallySymmetric());
        assertTrue(SparsityPatterns.powerLaw(50, 3, 1.5, true, 1).isStructurallySymmetric());
        assertTrue(SparsityPatterns.block(4, 3, 1, true, 1).isStructurallySymmetric());
        SparsityPattern r = SparsityPatterns.random(1000, 1000, 10, 5);
        assertTrue(r.nnz() > 9_900 && r.nnz() <= 10_000, "about 10 per row: " + r.nnz());
    }
}
