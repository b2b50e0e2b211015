package org.paradjoint.core.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One row of the catalogue ({@link Problems}): a problem id, its severity and its message
 * pattern. The id is {@code code} or {@code code.variant}; the code (before the first dot) is what
 * the command line prints, tests and quick-fixes key on, and several variants of one code differ
 * only in their wording. A pattern names its arguments in braces ({@code {counter}}); {@code {{}
 * stands for a brace. {@code data} names arguments the message does not show but markers carry
 * for quick-fixes.
 */
public record ProblemType(String id, Severity severity, String pattern, List<String> data) {

    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)?");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{|\\{([a-zA-Z][a-zA-Z0-9]*)\\}");

    public ProblemType {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("malformed problem id '" + id + "'");
        }
        data = List.copyOf(data);
    }

    /** The stable code: the id up to its variant. */
    public String code() {
        int dot = id.indexOf('.');
        return dot < 0 ? id : id.substring(0, dot);
    }

    /** The names of the pattern's arguments, in order of first use. */
    public List<String> placeholders() {
        List<String> names = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(pattern);
        while (m.find()) {
            if (m.group(1) != null && !names.contains(m.group(1))) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** Every argument a diagnostic of this problem has: the placeholders, then the data. */
    public List<String> argumentNames() {
        List<String> names = placeholders();
        names.addAll(data);
        return names;
    }

    /** The pattern with each placeholder replaced by its argument. */
    public String format(Map<String, String> arguments) {
        StringBuilder out = new StringBuilder();
        Matcher m = PLACEHOLDER.matcher(pattern);
        int at = 0;
        while (m.find()) {
            out.append(pattern, at, m.start());
            out.append(m.group(1) == null ? "{" : arguments.get(m.group(1)));
            at = m.end();
        }
        return out.append(pattern, at, pattern.length()).toString();
    }
}
