package org.paradjoint.coloring.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.coloring.SparseMatrix;
import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.coloring.SparsityPatterns;

class MatrixMarketTest {

    static MatrixMarketReader.Result resource(String name) throws IOException {
        try (InputStream in = MatrixMarketTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + name + " missing from the class path");
            }
            return MatrixMarketReader.read(in);
        }
    }

    static MatrixMarketReader.Result read(String text) throws IOException {
        return MatrixMarketReader.read(new StringReader(text));
    }

    @Test
    void readsGeneralRealWithDuplicates() throws IOException {
        MatrixMarketReader.Result r = resource("general-real.mtx");
        assertEquals(MatrixMarketReader.Field.REAL, r.field());
        assertEquals(MatrixMarketReader.Symmetry.GENERAL, r.symmetry());
        SparseMatrix m = r.matrix();
        assertEquals(4, m.pattern().rows());
        assertEquals(5, m.pattern().cols());
        assertEquals(6, m.pattern().nnz());
        assertEquals(1.5, m.get(0, 0));
        assertEquals(-2e-3, m.get(0, 3));
        assertEquals(0.75, m.get(2, 2), "duplicates are summed");
        assertEquals(-1, m.get(3, 4));
        assertEquals(0, m.get(3, 3));
    }

    @Test
    void symmetricFilesExpandToBothTriangles() throws IOException {
        MatrixMarketReader.Result r = resource("symmetric-pattern.mtx");
        assertEquals(MatrixMarketReader.Field.PATTERN, r.field());
        SparsityPattern p = r.pattern();
        assertEquals(SparsityPatterns.tridiagonal(5), p);
        assertTrue(p.isStructurallySymmetric());
        assertEquals(1.0, r.matrix().get(1, 0));
    }

    @Test
    void readsIntegerFiles() throws IOException {
        SparseMatrix m = resource("integer-general.mtx").matrix();
        assertEquals(4, m.pattern().nnz(), "explicit zeros stay structural nonzeros");
        assertEquals(-7, m.get(1, 0));
        assertEquals(12, m.get(2, 2));
        assertTrue(m.pattern().contains(1, 2));
    }

    @Test
    void headerWordsAreCaseInsensitiveAndBlankLinesTolerated() throws IOException {
        SparsityPattern p = read("%%MatrixMarket MATRIX Coordinate Pattern GENERAL\n\n% c\n 2 2 1 \n\n 2  1 \n\n").pattern();
        assertTrue(p.contains(1, 0));
        assertEquals(1, p.nnz());
    }

    @Test
    void roundTripsPatternsAndValues() throws IOException {
        for (long seed = 0; seed < 30; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            SparsityPattern p = SparsityPatterns.random(1 + rnd.nextInt(40), 1 + rnd.nextInt(40), rnd.nextInt(5), seed);
            StringWriter w = new StringWriter();
            MatrixMarketWriter.write(p, w, false);
            assertEquals(p, read(w.toString()).pattern(), "pattern, seed " + seed);

            double[] v = new double[p.nnz()];
            for (int k = 0; k < v.length; k++) {
                v[k] = rnd.nextDouble() * Math.pow(10, rnd.nextInt(-300, 300)) * (rnd.nextBoolean() ? 1 : -1);
            }
            SparseMatrix m = new SparseMatrix(p, v);
            w = new StringWriter();
            MatrixMarketWriter.write(m, w, false);
            MatrixMarketReader.Result back = read(w.toString());
            assertEquals(MatrixMarketReader.Field.REAL, back.field());
            assertEquals(m, back.matrix(), "values are written exactly, seed " + seed);

            SparsityPattern s = SparsityPatterns.randomSymmetric(1 + rnd.nextInt(40), 2, seed);
            w = new StringWriter();
            MatrixMarketWriter.write(s, w, true);
            assertTrue(w.toString().startsWith("%%MatrixMarket matrix coordinate pattern symmetric\n"));
            assertEquals(s, read(w.toString()).pattern(), "symmetric, seed " + seed);
        }
    }

    @Test
    void writingAsSymmetricNeedsASymmetricMatrix() {
        SparsityPattern p = SparsityPattern.fromCoordinates(2, 2, new int[] {1}, new int[] {0});
        assertThrows(IllegalArgumentException.class, () -> MatrixMarketWriter.write(p, new StringWriter(), true));
        SparsityPattern s = p.symmetrize();
        SparseMatrix m = new SparseMatrix(s, new double[] {1, 2});
        assertThrows(IllegalArgumentException.class, () -> MatrixMarketWriter.write(m, new StringWriter(), true));
    }

    static Stream<Arguments> malformed() {
        String h = "%%MatrixMarket matrix coordinate real general\n";
        return Stream.of(
                Arguments.of("", 1, "empty file"),
                Arguments.of("3 3 1\n1 1 1\n", 1, "header"),
                Arguments.of("%%MatrixMarket matrix coordinate real\n1 1 0\n", 1, "5 words"),
                Arguments.of("%%MatrixMarket matrix array real general\n1 1\n1\n", 1, "coordinate"),
                Arguments.of("%%MatrixMarket matrix coordinate complex general\n1 1 0\n", 1, "field 'complex'"),
                Arguments.of("%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n", 1, "symmetry 'hermitian'"),
                Arguments.of("%%MatrixMarket vector coordinate real general\n1 1 0\n", 1, "object"),
                Arguments.of(h + "% only comments\n", 3, "missing size line"),
                Arguments.of(h + "3 3\n", 2, "size line"),
                Arguments.of(h + "3 x 1\n1 1 1\n", 2, "column count 'x'"),
                Arguments.of(h + "3 -3 1\n1 1 1\n", 2, "out of range"),
                Arguments.of(h + "3 3 2\n1 1 1\n", 4, "1 of 2 declared entries"),
                Arguments.of(h + "3 3 1\n1 1 1\n2 2 2\n", 4, "more entries"),
                Arguments.of(h + "3 3 1\n4 1 1\n", 3, "row index 4 out of range 1..3"),
                Arguments.of(h + "3 3 1\n1 0 1\n", 3, "column index 0 out of range"),
                Arguments.of(h + "3 3 1\n1 1\n", 3, "expected 3 fields"),
                Arguments.of(h + "3 3 1\n1 1 1 1\n", 3, "expected 3 fields"),
                Arguments.of(h + "3 3 1\n1 1 abc\n", 3, "'abc' is not a real number"),
                Arguments.of(h + "3 3 1\n1.5 1 1\n", 3, "row index '1.5'"),
                Arguments.of("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 1.5\n", 3,
                        "'1.5' is not an integer"),
                Arguments.of("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n", 3,
                        "expected 2 fields"),
                Arguments.of("%%MatrixMarket matrix coordinate real symmetric\n3 3 1\n1 2 1\n", 3,
                        "above the diagonal"),
                Arguments.of("%%MatrixMarket matrix coordinate real symmetric\n3 4 0\n", 2, "must be square"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("malformed")
    void malformedFilesAreRejectedWithTheLineNumber(String text, int line, String fragment) {
        MatrixMarketException e = assertThrows(MatrixMarketException.class, () -> read(text));
        assertEquals(line, e.lineNumber(), e.getMessage());
        assertTrue(e.getMessage().startsWith("line " + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' should contain '" + fragment + "'");
    }

    @Test
    void largeFilesRoundTrip() throws IOException {
        SparsityPattern p = SparsityPatterns.laplacian2d(300); // 450k entries
        StringWriter w = new StringWriter();
        MatrixMarketWriter.write(p, w, true);
        SparsityPattern back = read(w.toString()).pattern();
        assertEquals(p, back);
        assertArrayEquals(p.rowPointers(), back.rowPointers());
    }
}
