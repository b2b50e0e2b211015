package org.paradjoint.core.diag;

import java.util.Arrays;

/**
 * Where the lines of a text start, so that front-ends can turn character offsets into the
 * 1-based lines and columns of a {@link SourceRange}.
 */
public final class LineMap {

    private final int[] lineStarts;

    public LineMap(String text) {
        int[] starts = new int[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, n);
    }

    /** The line found last: front-ends ask about nearby offsets in turn, mostly on the same line. */
    private int last;

    /** The 0-based line that contains {@code offset}. */
    public int lineOf(int offset) {
        int l = last;
        if (offset >= lineStarts[l] && (l + 1 == lineStarts.length || offset < lineStarts[l + 1])) {
            return l;
        }
        int i = Arrays.binarySearch(lineStarts, offset);
        last = Math.max(0, i >= 0 ? i : -i - 2);
        return i >= 0 ? i : -i - 2;
    }

    /** The offset of the first character of the 0-based {@code line}. */
    public int lineStart(int line) {
        return lineStarts[line];
    }
}
