package org.paradjoint.pipeline.edits;

/** Line arithmetic on source text. */
final class Lines {

    private Lines() {
    }

    static int lineStart(String text, int offset) {
        int nl = text.lastIndexOf('\n', Math.max(0, offset - 1));
        return offset == 0 ? 0 : nl + 1;
    }

    /** The spaces and tabs that start the line of {@code offset}. */
    static String indentation(String text, int offset) {
        int start = lineStart(text, offset);
        int k = start;
        while (k < text.length() && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) {
            k++;
        }
        return text.substring(start, k);
    }

    /**
     * Where a line that must precede the statement at {@code offset} goes: the start of the first
     * of the directive lines right above it (so that {@code omp parallel for} stays next to its
     * loop).
     */
    static int beforeDirectives(Dialect dialect, String text, int offset) {
        int at = lineStart(text, offset);
        while (at > 0) {
            int prev = lineStart(text, at - 1);
            if (!dialect.isDirective(text.substring(prev, at).strip())) {
                break;
            }
            at = prev;
        }
        return at;
    }

    /**
     * The edit that inserts the line {@code line} before the statement at {@code offset} (and the
     * directives above it), indented as the line it goes before.
     */
    static SourceEdit insertBefore(Dialect dialect, String text, int offset, String line) {
        int at = beforeDirectives(dialect, text, offset);
        return SourceEdit.insert(at, indentation(text, at) + line + "\n");
    }

    /** 1-based line number of {@code offset}. */
    static int lineOf(String text, int offset) {
        int line = 1;
        for (int k = 0; k < offset && k < text.length(); k++) {
            if (text.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }
}
