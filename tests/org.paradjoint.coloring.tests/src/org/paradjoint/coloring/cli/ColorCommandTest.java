package org.paradjoint.coloring.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.paradjoint.coloring.SparsityPatterns;
import org.paradjoint.coloring.io.MatrixMarketWriter;

class ColorCommandTest {

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
        String lastLine() {
            String[] lines = out.strip().split("\n");
            return lines[lines.length - 1];
        }
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new ColorCommand().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Copies a class path resource to the temporary folder (the command reads files). */
    Path resource(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = ColorCommandTest.class.getResourceAsStream("/org/paradjoint/coloring/io/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    Path laplacian(int k) throws IOException {
        Path p = dir.resolve("lap" + k + ".mtx");
        MatrixMarketWriter.write(SparsityPatterns.laplacian2d(k), p, true);
        return p;
    }

    /** Minimal parser for the flat JSON object the command prints. */
    static Map<String, String> json(String line) {
        assertTrue(line.startsWith("{") && line.endsWith("}"), line);
        Map<String, String> m = new LinkedHashMap<>();
        Matcher x = Pattern.compile("\"(\\w+)\":(\"[^\"]*\"|[-0-9.eE]+)").matcher(line);
        while (x.find()) {
            m.put(x.group(1), x.group(2).replace("\"", ""));
        }
        return m;
    }

    @Test
    void jsonIsTheLastLineWithAllKeys() throws IOException {
        Run r = run(laplacian(10).toString(), "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, String> j = json(r.lastLine());
        for (String key : new String[] {"rows", "cols", "nnz", "colors", "lower_bound", "order_ms", "color_ms",
                "problem", "order"}) {
            assertTrue(j.containsKey(key), key + " missing in " + r.lastLine());
        }
        assertEquals("100", j.get("rows"));
        assertEquals("100", j.get("cols"));
        assertEquals("460", j.get("nnz"));
        assertEquals("5", j.get("lower_bound"));
        assertEquals("5", j.get("colors"), "default order is smallest-last, which gives 5 here");
        assertEquals("column", j.get("problem"));
        assertEquals("smallest-last", j.get("order"));
        assertTrue(Double.parseDouble(j.get("order_ms")) >= 0);
        assertTrue(r.out().contains("colors:      5"));
        assertTrue(r.out().contains("lower bound: 5"));
    }

    @Test
    void everyProblemAndOrderIsAccepted() throws IOException {
        Path file = laplacian(6);
        for (String problem : new String[] {"column", "row", "star", "acyclic", "d1"}) {
            for (String order : new String[] {"natural", "random", "largest-first", "smallest-last",
                    "incidence-degree", "dynamic-largest-first"}) {
                Run r = run(file.toString(), "--problem", problem, "--order=" + order, "--seed", "3", "--improve",
                        "2", "--json");
                assertEquals(0, r.code(), problem + " " + order + ": " + r.err());
                Map<String, String> j = json(r.lastLine());
                assertEquals(problem, j.get("problem"));
                assertEquals(order, j.get("order"));
                int colors = Integer.parseInt(j.get("colors"));
                assertTrue(colors >= 2 && colors <= 13, problem + " " + order + " " + colors);
                assertEquals(problem.equals("column") || problem.equals("row") ? "5" : "2", j.get("lower_bound"));
            }
        }
    }

    @Test
    void rectangularGeneralFile() throws IOException {
        Run r = run(resource("general-real.mtx").toString(), "--problem", "row", "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, String> j = json(r.lastLine());
        assertEquals("4", j.get("rows"));
        assertEquals("5", j.get("cols"));
        assertEquals("6", j.get("nnz"));
        assertEquals("2", j.get("lower_bound"), "max nonzeros in a column");
        Run c = run(resource("integer-general.mtx").toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(c.out().contains("columns:     3"));
        assertTrue(!c.out().strip().endsWith("}"), "no JSON without --json");
    }

    @Test
    void bicolorReportsRowColumnAndTotalColours() throws IOException {
        Path file = dir.resolve("arrow.mtx");
        MatrixMarketWriter.write(SparsityPatterns.arrowhead(50), file, false);
        for (String order : new String[] {"natural", "smallest-last", "random"}) {
            Run r = run(file.toString(), "--problem", "bicolor", "--order", order, "--json");
            assertEquals(0, r.code(), r.err());
            Map<String, String> j = json(r.lastLine());
            assertEquals("bicolor", j.get("problem"));
            assertEquals(order, j.get("order"));
            assertEquals("3", j.get("colors"), r.out());
            assertEquals(3, Integer.parseInt(j.get("row_colors")) + Integer.parseInt(j.get("column_colors")));
            assertEquals("50", j.get("column_only"));
            assertEquals("50", j.get("row_only"));
            assertEquals("148", j.get("nnz"));
            assertTrue(r.out().contains("colors:        3 (forward + reverse products)"), r.out());
            assertTrue(r.out().contains("one-sided:     column 50, row 50"), r.out());
            assertTrue(r.out().contains("row colors:    " + j.get("row_colors")), r.out());
        }
        Run plain = run(resource("general-real.mtx").toString(), "--problem=bicolor");
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.out().contains("column colors: "), plain.out());
        assertTrue(!plain.out().strip().endsWith("}"), "no JSON without --json");
    }

    @Test
    void helpGoesToOut() {
        for (String h : new String[] {"--help", "-h"}) {
            Run r = run(h);
            assertEquals(0, r.code());
            assertTrue(r.out().contains("Usage: paradjoint color FILE.mtx"));
            assertTrue(r.out().contains("dynamic-largest-first"));
            assertTrue(r.out().contains("bicolor star bicolouring"));
            assertEquals("", r.err());
        }
    }

    @Test
    void usageErrors() throws IOException {
        String file = laplacian(3).toString();
        String[][] bad = {
            {},
            {file, "--problem", "diagonal"},
            {file, "--order", "best"},
            {file, "--seed", "x"},
            {file, "--improve", "-1"},
            {file, "--improve"},
            {file, "--frobnicate"},
            {file, file},
            {file, "--json=yes"},
            {file, "--problem", "bicolour"},
            {file, "--problem", "bicolor", "--improve", "2"},
        };
        for (String[] args : bad) {
            Run r = run(args);
            assertEquals(ColorCommand.USAGE_ERROR, r.code(), String.join(" ", args));
            assertTrue(r.err().startsWith("paradjoint color: "), r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void inputErrors() throws IOException {
        Run missing = run(dir.resolve("nope.mtx").toString());
        assertEquals(ColorCommand.INPUT_ERROR, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());

        Path broken = dir.resolve("broken.mtx");
        Files.writeString(broken, "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n");
        Run r = run(broken.toString());
        assertEquals(ColorCommand.INPUT_ERROR, r.code());
        assertTrue(r.err().contains("line 3: row index 3 out of range 1..2"), r.err());

        Run unsym = run(resource("general-real.mtx").toString(), "--problem", "star");
        assertNotEquals(0, unsym.code());
        assertTrue(unsym.err().contains("structurally symmetric"), unsym.err());
    }
}
