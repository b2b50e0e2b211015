package org.paradjoint.coloring.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.paradjoint.coloring.SparseMatrix;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Writes Matrix Market {@code coordinate} files that {@link MatrixMarketReader} reads back unchanged:
 * a pattern as field {@code pattern}, a matrix as field {@code real} (values in shortest round-trip
 * decimal form, so nothing is lost). With {@code symmetric}, only the lower triangle is written under
 * symmetry {@code symmetric}; that requires a symmetric matrix.
 */
public final class MatrixMarketWriter {

    private MatrixMarketWriter() {
    }

    public static void write(SparsityPattern pattern, Writer out, boolean symmetric) throws IOException {
        write(pattern, null, out, symmetric);
    }

    public static void write(SparseMatrix matrix, Writer out, boolean symmetric) throws IOException {
        write(matrix.pattern(), matrix.values(), out, symmetric);
    }

    public static void write(SparsityPattern pattern, Path path, boolean symmetric) throws IOException {
        try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            write(pattern, w, symmetric);
        }
    }

    public static void write(SparseMatrix matrix, Path path, boolean symmetric) throws IOException {
        try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            write(matrix, w, symmetric);
        }
    }

    private static void write(SparsityPattern p, double[] values, Writer w, boolean symmetric) throws IOException {
        if (symmetric) {
            requireSymmetric(p, values);
        }
        BufferedWriter out = w instanceof BufferedWriter b ? b : new BufferedWriter(w);
        int count = 0;
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                if (!symmetric || p.colIndexAt(k) <= i) {
                    count++;
                }
            }
        }
        out.write("%%MatrixMarket matrix coordinate " + (values == null ? "pattern" : "real") + " "
                + (symmetric ? "symmetric" : "general") + "\n");
        out.write("% written by org.paradjoint.coloring\n");
        out.write(p.rows() + " " + p.cols() + " " + count + "\n");
        StringBuilder sb = new StringBuilder(64);
        for (int i = 0; i < p.rows(); i++) {
            for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                int j = p.colIndexAt(k);
                if (symmetric && j > i) {
                    continue;
                }
                sb.setLength(0);
                sb.append(i + 1).append(' ').append(j + 1);
                if (values != null) {
                    sb.append(' ').append(values[k]);
                }
                sb.append('\n');
                out.append(sb);
            }
        }
        out.flush();
    }

    private static void requireSymmetric(SparsityPattern p, double[] values) {
        if (!p.isStructurallySymmetric()) {
            throw new IllegalArgumentException("cannot write a structurally unsymmetric pattern as symmetric");
        }
        if (values != null) {
            for (int i = 0; i < p.rows(); i++) {
                for (int k = p.rowStart(i); k < p.rowEnd(i); k++) {
                    int m = p.positionOf(p.colIndexAt(k), i);
                    if (Double.compare(values[k], values[m]) != 0) {
                        throw new IllegalArgumentException("cannot write as symmetric: entry (" + i + ", "
                                + p.colIndexAt(k) + ") differs from its mirror");
                    }
                }
            }
        }
    }
}
