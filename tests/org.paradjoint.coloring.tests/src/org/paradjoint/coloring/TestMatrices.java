package org.paradjoint.coloring;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.paradjoint.coloring.io.MatrixMarketWriter;

/**
 * Reproducible random test matrices and plain (obviously correct) dense/sparse products for the tests.
 * Every family is chosen and sized from one seed, so a failing case is rebuilt from the seed printed in
 * the assertion message.
 */
final class TestMatrices {

    private TestMatrices() {
    }

    /** A named pattern, for failure messages. */
    record Case(String family, long seed, SparsityPattern pattern) {
        String describe() {
            return "seed=" + seed + " family=" + family + " " + pattern + "\n" + toMatrixMarket(pattern);
        }
    }

    /** A general (usually rectangular) pattern from one of the families, chosen by the seed. */
    static Case general(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int family = r.nextInt(8);
        return switch (family) {
            case 0 -> new Case("banded", seed, SparsityPatterns.banded(1 + r.nextInt(120), r.nextInt(6), r.nextInt(6)));
            case 1 -> new Case("block", seed, SparsityPatterns.block(1 + r.nextInt(12), 1 + r.nextInt(8),
                    r.nextInt(2), false, r.nextLong()));
            case 2 -> new Case("power-law", seed, SparsityPatterns.powerLaw(2 + r.nextInt(150), 1 + r.nextInt(4),
                    1.0 + r.nextDouble(), false, r.nextLong()));
            case 3 -> new Case("grid2d", seed, SparsityPatterns.laplacian2d(1 + r.nextInt(12)));
            case 4 -> new Case("grid3d", seed, SparsityPatterns.laplacian3d(1 + r.nextInt(6)));
            case 5 -> new Case("random-rect", seed, SparsityPatterns.random(r.nextInt(120), 1 + r.nextInt(120),
                    r.nextInt(7), r.nextLong()));
            case 6 -> new Case("arrowhead", seed, SparsityPatterns.arrowhead(1 + r.nextInt(40)));
            default -> new Case("random-sparse", seed, SparsityPatterns.random(1 + r.nextInt(200),
                    1 + r.nextInt(200), 1 + r.nextInt(3), r.nextLong()));
        };
    }

    /** A structurally symmetric pattern from one of the families, chosen by the seed. */
    static Case symmetric(long seed) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x1234_5678L);
        int family = r.nextInt(8);
        return switch (family) {
            case 0 -> new Case("banded-sym", seed, SparsityPatterns.banded(1 + r.nextInt(120), 3, 3)
                    .symmetrize());
            case 1 -> new Case("block-sym", seed, SparsityPatterns.block(1 + r.nextInt(12), 1 + r.nextInt(8),
                    r.nextInt(2), true, r.nextLong()));
            case 2 -> new Case("power-law-sym", seed, SparsityPatterns.powerLaw(2 + r.nextInt(150),
                    1 + r.nextInt(3), 1.0 + r.nextDouble(), true, r.nextLong()));
            case 3 -> new Case("grid2d", seed, SparsityPatterns.laplacian2d(1 + r.nextInt(12)));
            case 4 -> new Case("grid3d", seed, SparsityPatterns.laplacian3d(1 + r.nextInt(6)));
            case 5 -> new Case("random-sym", seed, SparsityPatterns.randomSymmetric(1 + r.nextInt(150),
                    r.nextInt(4), r.nextLong()));
            case 6 -> new Case("arrowhead", seed, SparsityPatterns.arrowhead(1 + r.nextInt(40)));
            default -> new Case("random-no-diagonal", seed, noDiagonal(SparsityPatterns.randomSymmetric(
                    1 + r.nextInt(100), 1 + r.nextInt(3), r.nextLong())));
        };
    }

    static SparsityPattern noDiagonal(SparsityPattern p) {
        int[] ri = new int[p.nnz()];
        int[] ci = new int[p.nnz()];
        int t = 0;
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                if (p.colIndexAt(k) != i) {
                    ri[t] = i;
                    ci[t++] = p.colIndexAt(k);
                }
            }
        }
        return SparsityPattern.fromCoordinates(p.rows(), p.cols(), ri, ci, t);
    }

    static String toMatrixMarket(SparsityPattern p) {
        if (p.nnz() > 3000) {
            return "(pattern too large to print; rebuild it from the seed)";
        }
        StringWriter w = new StringWriter();
        try {
            MatrixMarketWriter.write(p, w, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** Random nonzero values in (-1, 1) \ {0}, in CSR order. */
    static double[] randomValues(SparsityPattern p, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[p.nnz()];
        for (int k = 0; k < v.length; k++) {
            double x;
            do {
                x = 2 * r.nextDouble() - 1;
            } while (x == 0);
            v[k] = x;
        }
        return v;
    }

    /**
     * Random symmetric values (v(i, j) = v(j, i)). With {@code integers} they are integers in [-1000, 1000]
     * without 0, so that recovery by substitution (which subtracts) is exact as well.
     */
    static double[] randomSymmetricValues(SparsityPattern p, long seed, boolean integers) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[p.nnz()];
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                if (j >= i) {
                    double x;
                    do {
                        x = integers ? r.nextInt(-1000, 1001) : 2 * r.nextDouble() - 1;
                    } while (x == 0);
                    v[k] = x;
                    v[p.positionOf(j, i)] = x;
                }
            }
        }
        return v;
    }

    /** B = A S: plain sparse-times-dense product. */
    static double[][] times(SparsityPattern p, double[] values, double[][] s) {
        int cols = s.length == 0 ? 0 : s[0].length;
        double[][] b = new double[p.rows()][cols];
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                for (int c = 0; c < cols; c++) {
                    b[i][c] += values[k] * s[j][c];
                }
            }
        }
        return b;
    }

    /** B = S A: plain dense-times-sparse product. */
    static double[][] timesLeft(double[][] s, SparsityPattern p, double[] values) {
        double[][] b = new double[s.length][p.cols()];
        for (int r = 0; r < s.length; r++) {
            for (int i = 0; i < p.rows(); i++) {
                if (s[r][i] == 0) {
                    continue;
                }
                for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                    b[r][p.colIndexAt(k)] += s[r][i] * values[k];
                }
            }
        }
        return b;
    }

    /** Distinct neighbours of column j in the column intersection graph, computed naively. */
    static Set<Integer> distance2Neighbours(SparsityPattern p, int j) {
        Set<Integer> s = new HashSet<>();
        for (int i = 0; i < p.rows(); i++) {
            if (p.contains(i, j)) {
                for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                    s.add(p.colIndexAt(k));
                }
            }
        }
        s.remove(j);
        return s;
    }

    static int maxDistance2Degree(SparsityPattern p) {
        int max = 0;
        for (int j = 0; j < p.cols(); j++) {
            max = Math.max(max, distance2Neighbours(p, j).size());
        }
        return max;
    }

    /** Neighbours of v in the adjacency graph (off-diagonal entries of row v). */
    static Set<Integer> adjacent(SparsityPattern p, int v) {
        Set<Integer> s = new HashSet<>();
        for (int k = p.rowStart(v); k < p.rowEnd(v); k++) {
            s.add(p.colIndexAt(k));
        }
        s.remove(v);
        return s;
    }

    static int maxDegree(SparsityPattern p) {
        int max = 0;
        for (int v = 0; v < p.rows(); v++) {
            max = Math.max(max, adjacent(p, v).size());
        }
        return max;
    }

    /** Max over v of the number of vertices at distance 1 or 2 from v in the adjacency graph. */
    static int maxAdjacencyDistance2Degree(SparsityPattern p) {
        int max = 0;
        for (int v = 0; v < p.rows(); v++) {
            Set<Integer> s = new HashSet<>();
            for (int w : adjacent(p, v)) {
                s.add(w);
                s.addAll(adjacent(p, w));
            }
            s.remove(v);
            max = Math.max(max, s.size());
        }
        return max;
    }
}
