package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The colour counts of optimal-colour-counts.csv: matrices that can be regenerated exactly, each with a
 * count whose optimality follows from the structure or a published result (the CSV names which). The
 * greedy colouring must be valid and attain the count, and for the column and row problems the lower bound the
 * library reports must not exceed it.
 */
class OptimalColourCountsTest {

    record Row(String matrix, ColoringProblem problem, String ordering, int colours, String source) {
        @Override
        public String toString() {
            return matrix + " " + problem + " " + ordering + " -> " + colours;
        }
    }

    private static final Pattern GENERATOR = Pattern.compile("(\\w+)\\((\\d+)\\)");

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = OptimalColourCountsTest.class.getResourceAsStream("optimal-colour-counts.csv");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            r.lines().filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("matrix,"))
                    .forEach(l -> {
                        // the source is last and may contain commas (quoted), so split only the first four fields
                        String[] f = l.split(",", 5);
                        rows.add(new Row(f[0], ColoringProblem.valueOf(f[1]), f[2], Integer.parseInt(f[3]), f[4]));
                    });
        }
        assertTrue(rows.size() >= 20, "the fixture file was read");
        return rows;
    }

    @ParameterizedTest
    @MethodSource("rows")
    void greedyColouringAttainsTheOptimum(Row row) {
        ColoringResult r = Coloring.color(matrix(row.matrix()), row.problem(), ColoringAlgorithm.greedy(ordering(row.ordering())));
        ColoringPropertyTest.assertValid(r, row.toString());
        assertEquals(row.colours(), r.colorCount(), row + " (" + row.source() + ")");
        // the reported lower bound never exceeds a proven optimum
        assertTrue(r.lowerBound() <= row.colours(), "lower bound " + r.lowerBound() + " above the optimum: " + row);
    }

    static SparsityPattern matrix(String spec) {
        Matcher m = GENERATOR.matcher(spec);
        assertTrue(m.matches(), "matrix spec " + spec);
        int n = Integer.parseInt(m.group(2));
        return switch (m.group(1)) {
            case "laplacian2d" -> SparsityPatterns.laplacian2d(n);
            case "tridiagonal" -> SparsityPatterns.tridiagonal(n);
            case "arrowhead" -> SparsityPatterns.arrowhead(n);
            default -> throw new IllegalArgumentException("unknown generator " + m.group(1));
        };
    }

    static Ordering ordering(String label) {
        return KnownAnswersTest.ORDERINGS.stream().filter(o -> o.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown ordering " + label));
    }
}
