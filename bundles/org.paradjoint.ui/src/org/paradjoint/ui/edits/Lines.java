package org.paradjoint.ui.edits;

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
     * of the {@code #pragma} lines right above it (so that {@code omp parallel for} stays next
     * to its loop).
     */
    static int beforePragmas(String text, int offset) {
        int at = lineStart(text, offset);
        while (at > 0) {
            int prev = lineStart(text, at - 1);
            String line = text.substring(prev, at).strip();
            if (!line.startsWith("#pragma") && !line.startsWith("# pragma")) {
                break;
            }
            at = prev;
        }
        return at;
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
