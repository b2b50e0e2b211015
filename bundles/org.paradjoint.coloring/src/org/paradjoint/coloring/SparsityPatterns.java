package org.paradjoint.coloring;

import java.util.SplittableRandom;

/**
 * Generators for common sparsity patterns: stencils, bands, arrowheads and reproducible random families.
 * They live in the library (not in the tests) so that the benchmarks, the tests and users all colour the
 * very same matrices.
 */
public final class SparsityPatterns {

    private SparsityPatterns() {
    }

    /** Growable coordinate list. */
    private static final class Coo {
        int[] ri;
        int[] ci;
        int size;

        Coo(int capacity) {
            ri = new int[Math.max(capacity, 4)];
            ci = new int[Math.max(capacity, 4)];
        }

        void add(int i, int j) {
            if (size == ri.length) {
                ri = java.util.Arrays.copyOf(ri, 2 * size);
                ci = java.util.Arrays.copyOf(ci, 2 * size);
            }
            ri[size] = i;
            ci[size++] = j;
        }

        SparsityPattern build(int rows, int cols) {
            return SparsityPattern.fromCoordinates(rows, cols, ri, ci, size);
        }
    }

    /** n x n with nonzeros at |i - j| <= 1. */
    public static SparsityPattern tridiagonal(int n) {
        return banded(n, 1, 1);
    }

    /** n x n with nonzeros at -lower <= j - i <= upper. */
    public static SparsityPattern banded(int n, int lower, int upper) {
        Coo c = new Coo(n * (lower + upper + 1));
        for (int i = 0; i < n; i++) {
            for (int j = Math.max(0, i - lower); j <= Math.min(n - 1, i + upper); j++) {
                c.add(i, j);
            }
        }
        return c.build(n, n);
    }

    /** n x n with a full first row, a full first column and the diagonal. */
    public static SparsityPattern arrowhead(int n) {
        Coo c = new Coo(3 * n);
        for (int i = 0; i < n; i++) {
            c.add(i, i);
            c.add(0, i);
            c.add(i, 0);
        }
        return c.build(n, n);
    }

    /** 5-point Laplacian on a k x k grid (k^2 x k^2, row-major numbering). */
    public static SparsityPattern laplacian2d(int k) {
        return laplacian(k, 2);
    }

    /** 7-point Laplacian on a k x k x k grid (k^3 x k^3, lexicographic numbering). */
    public static SparsityPattern laplacian3d(int k) {
        return laplacian(k, 3);
    }

    /**
     * The (2 dims + 1)-point Laplacian on a grid of k points per axis, numbered with the last axis
     * fastest. Each row lists its entries in column order: the lower neighbours from the slowest
     * axis, the diagonal, the upper neighbours from the fastest axis.
     */
    private static SparsityPattern laplacian(int k, int dims) {
        int[] stride = new int[dims];
        int n = 1;
        for (int a = dims - 1; a >= 0; a--) {
            stride[a] = n;
            n = Math.multiplyExact(n, k);
        }
        Coo c = new Coo((2 * dims + 1) * n);
        for (int v = 0; v < n; v++) {
            for (int a = 0; a < dims; a++) {
                if (v / stride[a] % k > 0) {
                    c.add(v, v - stride[a]);
                }
            }
            c.add(v, v);
            for (int a = dims - 1; a >= 0; a--) {
                if (v / stride[a] % k < k - 1) {
                    c.add(v, v + stride[a]);
                }
            }
        }
        return c.build(n, n);
    }

    /** rows x cols, each row with {@code perRow} uniformly drawn columns (duplicates merged). */
    public static SparsityPattern random(int rows, int cols, int perRow, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Coo c = new Coo((int) Math.min(Integer.MAX_VALUE - 8, (long) rows * perRow));
        if (cols > 0) {
            for (int i = 0; i < rows; i++) {
                for (int t = 0; t < perRow; t++) {
                    c.add(i, rnd.nextInt(cols));
                }
            }
        }
        return c.build(rows, cols);
    }

    /** Symmetric n x n: diagonal plus about {@code perRow} random off-diagonal entries per row, mirrored. */
    public static SparsityPattern randomSymmetric(int n, int perRow, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Coo c = new Coo(n * (2 * perRow + 1));
        for (int i = 0; i < n; i++) {
            c.add(i, i);
            for (int t = 0; t < perRow; t++) {
                int j = rnd.nextInt(n);
                c.add(i, j);
                c.add(j, i);
            }
        }
        return c.build(n, n);
    }

    /**
     * Block structure: {@code blocks} dense diagonal blocks of size {@code blockSize}, plus a few random
     * off-block entries (density {@code couplingPerRow} per row), mirrored when {@code symmetric}.
     */
    public static SparsityPattern block(int blocks, int blockSize, int couplingPerRow, boolean symmetric,
            long seed) {
        int n = Math.multiplyExact(blocks, blockSize);
        SplittableRandom rnd = new SplittableRandom(seed);
        Coo c = new Coo(n * (blockSize + 2 * couplingPerRow));
        for (int b = 0; b < blocks; b++) {
            for (int i = 0; i < blockSize; i++) {
                for (int j = 0; j < blockSize; j++) {
                    c.add(b * blockSize + i, b * blockSize + j);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int t = 0; t < couplingPerRow; t++) {
                int j = rnd.nextInt(n);
                c.add(i, j);
                if (symmetric) {
                    c.add(j, i);
                }
            }
        }
        return c.build(n, n);
    }

    /**
     * Power-law degrees: each row gets {@code perRow} entries whose columns are drawn from a Zipf-like
     * distribution (column j with weight about 1/(j+1)^{exponent}), so a few columns are very dense, as in
     * networks and in Jacobians with a few global variables. Symmetrized when {@code symmetric}.
     */
    public static SparsityPattern powerLaw(int n, int perRow, double exponent, boolean symmetric, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        // inverse transform of a continuous power law on [1, n+1), then shuffled column labels
        int[] label = Orderings.random(n, seed ^ 0x5DEECE66DL);
        Coo c = new Coo(n * (perRow + 1) * (symmetric ? 2 : 1));
        double a = 1.0 - exponent;
        for (int i = 0; i < n; i++) {
            c.add(i, i);
            if (symmetric) {
                c.add(i, i);
            }
            for (int t = 0; t < perRow; t++) {
                double u = rnd.nextDouble();
                int j;
                if (Math.abs(a) < 1e-9) {
                    j = (int) Math.floor(Math.exp(u * Math.log(n + 1.0))) - 1;
                } else {
                    j = (int) Math.floor(Math.pow(1 + u * (Math.pow(n + 1.0, a) - 1), 1 / a)) - 1;
                }
                j = label[Math.max(0, Math.min(n - 1, j))];
                c.add(i, j);
                if (symmetric) {
                    c.add(j, i);
                }
            }
        }
        return c.build(n, n);
    }

    /**
     * A band of half-width {@code halfWidth} bordered by {@code border} full rows and columns (the shape of
     * a discretised PDE with a few global unknowns or constraints): dense border lines make every one-sided
     * partition need n colours, while a bicolouring needs a few (reverse products for the border rows,
     * forward ones for the border columns and the band).
     */
    public static SparsityPattern borderedBand(int n, int halfWidth, int border) {
        Coo c = new Coo(n * (2 * halfWidth + 1 + 2 * border));
        for (int i = 0; i < n; i++) {
            for (int j = Math.max(0, i - halfWidth); j <= Math.min(n - 1, i + halfWidth); j++) {
                c.add(i, j);
            }
            for (int b = 0; b < Math.min(border, n); b++) {
                c.add(b, i);
                c.add(i, b);
            }
        }
        return c.build(n, n);
    }
}
