package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #20's colour targets against ColPack's counts in colpack-colour-counts.csv (measured once with
 * ColPack on the same matrices; ColPack itself is not needed to run this): the greedy colouring never uses
 * more colours than ColPack with the same ordering, and recolouring gets at least 10 % below ColPack's best
 * ordering on the random matrix and the 3-D Laplacian.
 */
class ColPackColourCountsTest {

    record Row(String matrix, ColoringProblem problem, String ordering, int colpack) {
        @Override
        public String toString() {
            return matrix + " " + problem + " " + ordering + " (ColPack " + colpack + ")";
        }
    }

    private static final Pattern CALL = Pattern.compile("(\\w+)\\(([\\d;]+)\\)");
    private static final Map<String, SparsityPattern> MATRICES = new ConcurrentHashMap<>();

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = ColPackColourCountsTest.class.getResourceAsStream("colpack-colour-counts.csv");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            r.lines().filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("matrix,")).forEach(l -> {
                String[] f = l.split(",");
                rows.add(new Row(f[0], ColoringProblem.valueOf(f[1]), f[2], Integer.parseInt(f[3])));
            });
        }
        assertTrue(rows.size() >= 20, "the fixture file was read");
        return rows;
    }

    @ParameterizedTest
    @MethodSource("rows")
    void neverMoreColoursThanColPackWithTheSameOrdering(Row row) {
        ColoringResult r = Coloring.color(matrix(row.matrix()), row.problem(),
                ColoringAlgorithm.greedy(OptimalColourCountsTest.ordering(row.ordering())));
        ColoringPropertyTest.assertValid(r, row.toString());
        assertTrue(r.colorCount() <= row.colpack(), r.colorCount() + " colours: " + row);
    }

    @Test
    void recolouringBeatsColPacksBestOrderingByTenPercent() throws IOException {
        for (String matrix : List.of("random(20000;20000;10;1)", "laplacian3d(40)")) {
            int colpackBest = rows().stream().filter(r -> r.matrix().equals(matrix) && r.problem() == ColoringProblem.COLUMN)
                    .mapToInt(Row::colpack).min().orElseThrow();
            ColoringResult r = Coloring.color(matrix(matrix), ColoringProblem.COLUMN,
                    ColoringAlgorithm.greedy(new SmallestLast()).improve(10));
            ColoringPropertyTest.assertValid(r, matrix);
            assertTrue(r.colorCount() <= 0.9 * colpackBest,
                    matrix + ": improve(10) " + r.colorCount() + " colours, ColPack's best ordering " + colpackBest);
        }
    }

    static SparsityPattern matrix(String call) {
        return MATRICES.computeIfAbsent(call, ColPackColourCountsTest::build);
    }

    private static SparsityPattern build(String call) {
        Matcher m = CALL.matcher(call);
        assertTrue(m.matches(), "matrix " + call);
        String[] a = m.group(2).split(";");
        return switch (m.group(1)) {
            case "random" -> SparsityPatterns.random(Integer.parseInt(a[0]), Integer.parseInt(a[1]),
                    Integer.parseInt(a[2]), Long.parseLong(a[3]));
            case "laplacian2d" -> SparsityPatterns.laplacian2d(Integer.parseInt(a[0]));
            case "laplacian3d" -> SparsityPatterns.laplacian3d(Integer.parseInt(a[0]));
            default -> throw new IllegalArgumentException("unknown generator " + m.group(1));
        };
    }
}
