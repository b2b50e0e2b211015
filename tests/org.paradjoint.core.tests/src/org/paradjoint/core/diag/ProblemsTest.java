package org.paradjoint.core.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/** The catalogue of problems, the formatting of diagnostics, and every id the bundles use. */
class ProblemsTest {

    private static final SourceRange AT = new SourceRange("f.c", 2, 5, 2, 7, 10, 2);

    @Test
    void everyProblemIsWellFormed() {
        Set<String> ids = new HashSet<>();
        for (ProblemType p : Problems.all()) {
            assertTrue(ids.add(p.id()), p.id());
            assertFalse(p.pattern().isBlank(), p.id());
            assertFalse(p.code().contains("."), p.id());
            Set<String> names = new HashSet<>(p.argumentNames());
            assertEquals(p.argumentNames().size(), names.size(), p.id() + ": a data argument repeats a placeholder");
            // a brace is either a placeholder or escaped
            String rest = p.pattern().replaceAll("\\{\\{|\\{[a-zA-Z][a-zA-Z0-9]*\\}", "");
            assertFalse(rest.contains("{"), p.id() + ": stray brace in " + p.pattern());
        }
        assertTrue(ids.size() > 300);
    }

    @Test
    void aVariantSharesItsCode() {
        assertEquals("unsupported-goto", Problems.get("unsupported-goto.fortran").code());
        assertEquals("loop-step-not-constant", Problems.get("loop-step-not-constant").code());
    }

    @Test
    void formatsNamedArguments() {
        Diagnostic d = Diagnostic.of("loop-step-not-constant", AT, "counter", "i");
        assertEquals("loop over 'i' has a step that is not a non-zero integer constant: the reverse sweep cannot "
                + "run it backwards; use a constant step", d.message());
        assertEquals("f.c:2:5: error: " + d.message(), d.format());
        assertEquals("loop-step-not-constant", d.code());
        assertEquals(Severity.ERROR, d.severity());
        assertEquals("i", d.argument("counter"));
        assertEquals(Map.of("counter", "i"), d.arguments());
    }

    @Test
    void argumentsFollowThePatternOrderAndDataComeLast() {
        Diagnostic d = Diagnostic.of("race-unsafe-increment.counterexample", AT, "adjoint", "xb[i]",
                "counterexample", "i = 1", "reason", "it may collide");
        assertEquals(List.of("reason", "counterexample", "adjoint"), List.copyOf(d.arguments().keySet()));
        assertEquals("it may collide (counterexample: i = 1)", d.message());
        assertEquals("kept omp atomic: it may collide (counterexample: i = 1)",
                d.as("race-unsafe-increment.kept-atomic-counterexample").message());
    }

    @Test
    void patternsEscapeBraces() {
        ProblemType p = new ProblemType("x-y", Severity.INFO, "{{a} {b}", List.of());
        assertEquals(List.of("b"), p.placeholders());
        assertEquals("{a} 1", p.format(Map.of("b", "1")));
    }

    @Test
    void refusesWhatTheCatalogueDoesNotSay() {
        assertThrows(IllegalArgumentException.class, () -> Diagnostic.of("no-such-problem", AT));
        assertThrows(IllegalArgumentException.class, () -> Diagnostic.of("loop-step-not-constant", AT));
        assertThrows(IllegalArgumentException.class,
                () -> Diagnostic.of("loop-step-not-constant", AT, "counter", "i", "step", "2"));
        assertThrows(IllegalArgumentException.class, () -> Diagnostic.of("loop-step-not-constant", AT, "counter"));
        assertThrows(IllegalArgumentException.class, () -> Diagnostic.warning("loop-step-not-constant", AT,
                "counter", "i"));
        assertThrows(IllegalArgumentException.class, () -> new ProblemType("Bad Id", Severity.ERROR, "x", List.of()));
        assertThrows(IllegalStateException.class, () -> Problems.parse("a-b\terror\tx\na-b\terror\ty\n"));
        assertThrows(IllegalStateException.class, () -> Problems.parse("a-b\tx\n"));
    }

    /** Every problem id a bundle names where it reports a diagnostic is in the catalogue. */
    @Test
    void everyIdTheBundlesReportIsCatalogued() throws IOException {
        Pattern call = Pattern.compile("(?:Diagnostic\\.(?:error|warning|info|of)|new UnsupportedException"
                + "|\\berror|\\bwarning|\\bunsupported|\\bat|\\batNext|\\bbetween|\\bunsafeIncrement)\\(([^;]*?)\""
                + "([a-z0-9]+(?:-[a-z0-9]+)+(?:\\.[a-z0-9]+(?:-[a-z0-9]+)*)?)\"");
        Pattern variant = Pattern.compile("\"([a-z0-9]+(?:-[a-z0-9]+)+\\.[a-z0-9]+(?:-[a-z0-9]+)*)\"");
        List<String> missing = new ArrayList<>();
        int seen = 0;
        for (Map.Entry<Path, String> source : bundleSources().entrySet()) {
            for (Pattern p : List.of(call, variant)) {
                Matcher m = p.matcher(source.getValue());
                while (m.find()) {
                    String id = m.group(m.groupCount());
                    seen++;
                    if (!Problems.contains(id)) {
                        missing.add(source.getKey().getFileName() + ": " + id);
                    }
                }
            }
        }
        assertTrue(seen > 400, "found only " + seen + " ids");
        assertEquals(List.of(), missing);
    }

    /**
     * Every call that names a problem and its arguments with literals gives exactly the arguments
     * the catalogue row takes, and {@code error}/{@code warning}/{@code info} match its severity:
     * a mismatch would otherwise surface only when that diagnostic is first reported.
     */
    @Test
    void everyCallGivesTheArgumentsAndSeverityOfItsProblem() throws IOException {
        Pattern call = Pattern.compile("(?:\\.(error|warning|info|of)|new UnsupportedException)\\((?=\")");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<Path, String> source : bundleSources().entrySet()) {
            Path f = source.getKey();
            String text = source.getValue();
            Matcher m = call.matcher(text);
            while (m.find()) {
                List<String> args = topLevelArguments(text, m.end());
                String id = unquoted(args.get(0));
                List<String> names = args.subList(Math.min(2, args.size()), args.size());
                if (id == null || !Problems.contains(id) || names.size() % 2 != 0) {
                    continue; // not a diagnostic (a set of names), or arguments passed as an array
                }
                List<String> given = new ArrayList<>();
                for (int k = 0; k < names.size(); k += 2) {
                    given.add(unquoted(names.get(k)));
                }
                if (given.contains(null)) {
                    continue;
                }
                checked++;
                ProblemType p = Problems.get(id);
                String where = f.getFileName() + ":" + (text.substring(0, m.start()).split("\n", -1).length);
                if (!new HashSet<>(given).equals(new HashSet<>(p.argumentNames()))) {
                    wrong.add(where + ": " + id + " given " + given + ", takes " + p.argumentNames());
                }
                if (m.group(1) != null && !m.group(1).equals("of")
                        && !p.severity().name().equalsIgnoreCase(m.group(1))) {
                    wrong.add(where + ": " + id + " reported as " + m.group(1) + ", catalogued as " + p.severity());
                }
            }
        }
        assertTrue(checked > 150, "checked only " + checked + " calls");
        assertEquals(List.of(), wrong);
    }

    /** The text of every Java source of the bundles, by path. */
    private static Map<Path, String> bundleSources() throws IOException {
        Map<Path, String> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(Repo.root().resolve("bundles"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                out.put(f, Files.readString(f));
            }
        }
        return out;
    }

    /** The comma-separated arguments of the call whose parenthesis opens before {@code from}. */
    private static List<String> topLevelArguments(String text, int from) {
        List<String> args = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 1;
        for (int i = from; i < text.length() && depth > 0; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (text.charAt(end) != '"') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                cur.append(text, i, end + 1);
                i = end;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            }
            if (depth == 1 && c == ',') {
                args.add(cur.toString().strip());
                cur.setLength(0);
            } else if (depth > 0) {
                cur.append(c);
            }
        }
        args.add(cur.toString().strip());
        return args;
    }

    /** The text of a plain string literal; null for anything else. */
    private static String unquoted(String arg) {
        return arg.matches("\"[\\w.-]+\"") ? arg.substring(1, arg.length() - 1) : null;
    }

    /**
     * Every message the user guide's table of bad input shows for a problem of the input (exit
     * status 1, not a line the command prints about a file) is one a catalogue pattern formats:
     * the guide's {@code ...} and the pattern's arguments may stand for any text.
     */
    @Test
    void everyMessageOfTheGuidesBadInputTableIsCatalogued() throws IOException {
        List<String> missing = new ArrayList<>();
        int rows = 0;
        for (String line : Files.readAllLines(Repo.root().resolve("docs/USER-GUIDE.md"))) {
            String[] cols = line.split(" \\| ");
            if (!line.startsWith("| ") || cols.length != 3 || !cols[1].trim().equals("1")) {
                continue;
            }
            String message = codeSpan(cols[2]);
            if (message == null || message.matches("[^\\s:]+: (error|warning): .*")) {
                continue;
            }
            rows++;
            String shown = glob(message.replaceAll("^\\S+:\\d+:\\d+: error: ", ""), "...");
            if (Problems.all().stream().noneMatch(p -> overlap(shown, glob(p.pattern(), null)))) {
                missing.add(message);
            }
        }
        assertTrue(rows > 20, "found only " + rows + " rows");
        assertEquals(List.of(), missing);
    }

    @Test
    void globsOverlapWhenSomeTextMatchesBoth() {
        assertTrue(overlap("loop over 'i' has *", "loop over '*' has a step"));
        assertFalse(overlap("loop over 'i' has *", "loop under '*' has a step"));
        assertTrue(overlap("*", "anything"));
        assertFalse(overlap("a*b", "a*c"));
    }

    /** The text of the first code span of a table cell ({@code `x`} or {@code `` x ``}). */
    private static String codeSpan(String cell) {
        String fence = cell.trim().startsWith("``") ? "``" : "`";
        int start = cell.indexOf(fence);
        int end = start < 0 ? -1 : cell.indexOf(fence, start + fence.length());
        return end < 0 ? null : cell.substring(start + fence.length(), end).trim();
    }

    /** {@code text} with each elision ({@code ellipsis}) or each placeholder (when null) as {@code *}. */
    private static String glob(String text, String ellipsis) {
        String t = text.replace("*", "\u0000");
        if (ellipsis != null) {
            return t.replace(ellipsis, "*");
        }
        return t.replaceAll("\\{[a-zA-Z][a-zA-Z0-9]*\\}", "*").replace("{{", "{");
    }

    /** Whether some text matches both globs ({@code *}: any text). */
    private static boolean overlap(String a, String b) {
        Boolean[][] memo = new Boolean[a.length() + 1][b.length() + 1];
        return overlap(a, 0, b, 0, memo);
    }

    private static boolean overlap(String a, int i, String b, int j, Boolean[][] memo) {
        if (memo[i][j] != null) {
            return memo[i][j];
        }
        boolean r;
        if (i == a.length() && j == b.length()) {
            r = true;
        } else if (i < a.length() && a.charAt(i) == '*') {
            r = overlap(a, i + 1, b, j, memo) || j < b.length() && overlap(a, i, b, j + 1, memo);
        } else if (j < b.length() && b.charAt(j) == '*') {
            r = overlap(a, i, b, j + 1, memo) || i < a.length() && overlap(a, i + 1, b, j, memo);
        } else {
            r = i < a.length() && j < b.length() && a.charAt(i) == b.charAt(j) && overlap(a, i + 1, b, j + 1, memo);
        }
        memo[i][j] = r;
        return r;
    }
}
