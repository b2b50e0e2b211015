package org.paradjoint.fortran.internal;

import org.paradjoint.core.diag.LineMap;
import org.paradjoint.core.diag.SourceRange;

/** The text of one file and the mapping from character offsets to 1-based lines and columns. */
public final class SourceText {
    private final String file;
    private final String text;
    private final LineMap lines;

    public SourceText(String file, String text) {
        this.file = file == null ? "" : file;
        this.text = text;
        this.lines = new LineMap(text);
    }

    public String file() {
        return file;
    }

    public String text() {
        return text;
    }

    /** The range of the characters {@code [start, end)}. */
    public SourceRange range(int start, int end) {
        int s = Math.max(0, Math.min(start, text.length()));
        int e = Math.max(s, Math.min(end, text.length()));
        int line = lines.lineOf(s);
        int endLine = lines.lineOf(e == s ? s : e - 1);
        int endColumn = (e == s ? s : e - 1) - lines.lineStart(endLine) + 2;
        return new SourceRange(file, line + 1, s - lines.lineStart(line) + 1, endLine + 1, endColumn, s, e - s);
    }


    /** The text of {@code [start, end)} on one line, blanks collapsed, for messages. */
    public String excerpt(int start, int end) {
        String s = text.substring(Math.max(0, start), Math.min(text.length(), Math.max(start, end)));
        s = s.replaceAll("&\\s*\\n\\s*&?", " ").replaceAll("\\s+", " ").strip();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
