package org.paradjoint.core.diag;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The catalogue of every problem Paradjoint reports: {@code problems.tsv} next to this class, one
 * line per problem ({@code id}, severity, message pattern and, where a quick-fix needs more than
 * the message shows, the names of data arguments separated by commas; columns are separated by
 * tabs, and {@code #} starts a comment). The command line and the workbench read it through
 * {@link Diagnostic}; nothing else lists problem ids.
 */
public final class Problems {

    private static final Map<String, ProblemType> BY_ID = load();

    private Problems() {
    }

    /** The problem with this id; an id the catalogue does not have is a programming error. */
    public static ProblemType get(String id) {
        ProblemType p = BY_ID.get(id);
        if (p == null) {
            throw new IllegalArgumentException("no problem '" + id + "' in the catalogue");
        }
        return p;
    }

    public static boolean contains(String id) {
        return BY_ID.containsKey(id);
    }

    /** Every problem, in catalogue order. */
    public static Collection<ProblemType> all() {
        return Collections.unmodifiableCollection(BY_ID.values());
    }

    private static Map<String, ProblemType> load() {
        try (InputStream in = Problems.class.getResourceAsStream("problems.tsv")) {
            if (in == null) {
                throw new IllegalStateException("problems.tsv is missing from org.paradjoint.core");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, ProblemType> parse(String text) {
        Map<String, ProblemType> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            if (cols.length != 3 && cols.length != 4) {
                throw new IllegalStateException("problems.tsv: not id, severity, pattern [, data]: " + line);
            }
            List<String> data = cols.length == 4 ? List.of(cols[3].split(",")) : List.of();
            ProblemType p = new ProblemType(cols[0], Severity.valueOf(cols[1].toUpperCase(Locale.ROOT)),
                    cols[2], data);
            if (out.put(p.id(), p) != null) {
                throw new IllegalStateException("problems.tsv: '" + p.id() + "' twice");
            }
        }
        return out;
    }
}
