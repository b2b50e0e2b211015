package org.paradjoint.coloring.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.paradjoint.coloring.SparseMatrix;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Reads Matrix Market {@code coordinate} files: field {@code pattern}, {@code real} or {@code integer},
 * symmetry {@code general} or {@code symmetric}. Symmetric files store the lower triangle (row >= column)
 * and are expanded to both triangles. Indices in the file are 1-based; the result is 0-based. Duplicate
 * entries are summed (pattern entries merged).
 *
 * <p>Strict on purpose: anything the format does not allow (a missing or extra entry, an index out of
 * range, an entry above the diagonal of a symmetric file, a stray token) is reported as a
 * {@link MatrixMarketException} naming the line, because a silently misread sparsity pattern gives a
 * wrong colouring that nobody notices.
 */
public final class MatrixMarketReader {

    private MatrixMarketReader() {
    }

    /** The header of a file: what the values mean and whether one triangle is stored. */
    public enum Field {
        PATTERN,
        REAL,
        INTEGER
    }

    public enum Symmetry {
        GENERAL,
        SYMMETRIC
    }

    /** A parsed file: the matrix (values 1.0 for pattern files) and its header. */
    public record Result(SparseMatrix matrix, Field field, Symmetry symmetry) {
        public SparsityPattern pattern() {
            return matrix.pattern();
        }
    }

    public static Result read(Path path) throws IOException {
        try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(r);
        }
    }

    /** Reads from a stream (UTF-8 / ASCII); the stream is not closed. */
    public static Result read(InputStream in) throws IOException {
        return read(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** Reads from a reader; the reader is not closed. */
    public static Result read(Reader reader) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        int lineNo = 1;
        String line = in.readLine();
        if (line == null) {
            throw new MatrixMarketException(1, "empty file, expected a '%%MatrixMarket' header");
        }
        String[] head = tokens(line);
        if (head.length == 0 || !head[0].equals("%%MatrixMarket")) {
            throw new MatrixMarketException(1, "expected a '%%MatrixMarket matrix coordinate <field> <symmetry>'"
                    + " header, found '" + abbreviate(line) + "'");
        }
        if (head.length != 5) {
            throw new MatrixMarketException(1, "header must have 5 words ('%%MatrixMarket matrix coordinate"
                    + " <field> <symmetry>'), found " + head.length);
        }
        if (!head[1].equalsIgnoreCase("matrix")) {
            throw new MatrixMarketException(1, "unsupported object '" + head[1] + "', only 'matrix'");
        }
        if (!head[2].equalsIgnoreCase("coordinate")) {
            throw new MatrixMarketException(1, "unsupported format '" + head[2]
                    + "', only 'coordinate' (sparse) files");
        }
        Field field = switch (head[3].toLowerCase(Locale.ROOT)) {
            case "pattern" -> Field.PATTERN;
            case "real" -> Field.REAL;
            case "integer" -> Field.INTEGER;
            default -> throw new MatrixMarketException(1, "unsupported field '" + head[3]
                    + "', expected pattern, real or integer");
        };
        Symmetry symmetry = switch (head[4].toLowerCase(Locale.ROOT)) {
            case "general" -> Symmetry.GENERAL;
            case "symmetric" -> Symmetry.SYMMETRIC;
            default -> throw new MatrixMarketException(1, "unsupported symmetry '" + head[4]
                    + "', expected general or symmetric");
        };

        // comments, then the size line
        String[] size;
        while (true) {
            line = in.readLine();
            lineNo++;
            if (line == null) {
                throw new MatrixMarketException(lineNo, "missing size line 'rows columns entries'");
            }
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("%")) {
                size = tokens(t);
                break;
            }
        }
        if (size.length != 3) {
            throw new MatrixMarketException(lineNo, "size line must be 'rows columns entries', found '"
                    + abbreviate(line) + "'");
        }
        int rows = parseCount(size[0], "row count", lineNo);
        int cols = parseCount(size[1], "column count", lineNo);
        int entries = parseCount(size[2], "entry count", lineNo);
        if (symmetry == Symmetry.SYMMETRIC && rows != cols) {
            throw new MatrixMarketException(lineNo, "a symmetric matrix must be square, size is " + rows + " x "
                    + cols);
        }
        long capacity = symmetry == Symmetry.SYMMETRIC ? 2L * entries : entries;
        if (capacity > Integer.MAX_VALUE - 8) {
            throw new MatrixMarketException(lineNo, "too many entries: " + entries);
        }
        int[] ri = new int[(int) capacity];
        int[] ci = new int[(int) capacity];
        double[] val = new double[(int) capacity];
        int count = 0;
        int read = 0;
        int expectedTokens = field == Field.PATTERN ? 2 : 3;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty()) {
                continue; // tolerated, e.g. a trailing newline
            }
            if (t.startsWith("%")) {
                continue;
            }
            if (read == entries) {
                throw new MatrixMarketException(lineNo, "more entries than the " + entries
                        + " declared on the size line");
            }
            String[] tok = tokens(t);
            if (tok.length != expectedTokens) {
                throw new MatrixMarketException(lineNo, "expected " + expectedTokens + " fields ("
                        + (field == Field.PATTERN ? "row column" : "row column value") + ") for a "
                        + field.name().toLowerCase(Locale.ROOT) + " file, found " + tok.length + ": '"
                        + abbreviate(line) + "'");
            }
            int i = parseIndex(tok[0], rows, "row", lineNo);
            int j = parseIndex(tok[1], cols, "column", lineNo);
            double v = switch (field) {
                case PATTERN -> 1.0;
                case REAL -> parseReal(tok[2], lineNo);
                case INTEGER -> parseInteger(tok[2], lineNo);
            };
            if (symmetry == Symmetry.SYMMETRIC && i < j) {
                throw new MatrixMarketException(lineNo, "entry (" + (i + 1) + ", " + (j + 1)
                        + ") lies above the diagonal; a symmetric file stores only the lower triangle");
            }
            ri[count] = i;
            ci[count] = j;
            val[count++] = v;
            if (symmetry == Symmetry.SYMMETRIC && i != j) {
                ri[count] = j;
                ci[count] = i;
                val[count++] = v;
            }
            read++;
        }
        if (read < entries) {
            throw new MatrixMarketException(lineNo + 1, "file ends after " + read + " of " + entries
                    + " declared entries");
        }
        return new Result(assemble(rows, cols, ri, ci, val, count), field, symmetry);
    }

    /** Builds the pattern and sums duplicate values into their CSR position. */
    private static SparseMatrix assemble(int rows, int cols, int[] ri, int[] ci, double[] val, int count) {
        SparsityPattern p = SparsityPattern.fromCoordinates(rows, cols, ri, ci, count);
        double[] values = new double[p.nnz()];
        boolean[] seen = new boolean[p.nnz()];
        for (int k = 0; k < count; k++) {
            int pos = p.positionOf(ri[k], ci[k]);
            values[pos] = seen[pos] ? values[pos] + val[k] : val[k];
            seen[pos] = true;
        }
        return new SparseMatrix(p, values);
    }

    private static String[] tokens(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return new String[0];
        }
        // split on runs of blanks/tabs without a regex per line (files can have 10^7 lines)
        String[] out = new String[4];
        int n = 0;
        int i = 0;
        int len = t.length();
        while (i < len) {
            while (i < len && Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < len && !Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            if (i > start) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = t.substring(start, i);
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static int parseCount(String s, String what, int lineNo) throws MatrixMarketException {
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new MatrixMarketException(lineNo, what + " '" + s + "' is not an integer");
        }
        if (v < 0 || v > Integer.MAX_VALUE - 8) {
            throw new MatrixMarketException(lineNo, what + " " + s + " out of range");
        }
        return (int) v;
    }

    private static int parseIndex(String s, int limit, String what, int lineNo) throws MatrixMarketException {
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new MatrixMarketException(lineNo, what + " index '" + s + "' is not an integer");
        }
        if (v < 1 || v > limit) {
            throw new MatrixMarketException(lineNo, what + " index " + s + " out of range 1.." + limit);
        }
        return (int) (v - 1);
    }

    private static double parseReal(String s, int lineNo) throws MatrixMarketException {
        try {
            double v = Double.parseDouble(s);
            if (s.endsWith("d") || s.endsWith("D") || s.endsWith("f") || s.endsWith("F")) {
                throw new NumberFormatException(); // Java literal suffixes are not Matrix Market numbers
            }
            return v;
        } catch (NumberFormatException e) {
            throw new MatrixMarketException(lineNo, "value '" + s + "' is not a real number");
        }
    }

    private static double parseInteger(String s, int lineNo) throws MatrixMarketException {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new MatrixMarketException(lineNo, "value '" + s + "' is not an integer");
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
