package org.paradjoint.cdt.internal;

import java.util.Arrays;

import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.paradjoint.core.diag.SourceRange;

/**
 * The text of one file and the conversion of character offsets to 1-based lines and columns.
 * A range ends at {@code endLine:endColumn}, the column just after its last character.
 */
public final class SourceText {
    private final String file;
    private final String text;
    private final int[] lineStarts;

    public SourceText(String file, String text) {
        this.file = file;
        this.text = text;
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

    public String file() {
        return file;
    }

    public String text() {
        return text;
    }

    public SourceRange range(int offset, int length) {
        int start = clamp(offset);
        int end = clamp(offset + Math.max(0, length));
        int line = lineOf(start);
        int endLine = lineOf(end);
        return new SourceRange(file, line + 1, start - lineStarts[line] + 1, endLine + 1, end - lineStarts[endLine] + 1,
                start, end - start);
    }

    /** The range of a CDT node whose offsets are shifted by {@code delta} (0 for nodes of this file). */
    public SourceRange range(IASTNode node, int delta) {
        IASTFileLocation loc = node == null ? null : node.getFileLocation();
        if (loc == null) {
            return SourceRange.NONE;
        }
        return range(loc.getNodeOffset() + delta, loc.getNodeLength());
    }

    public SourceRange range(IASTNode node) {
        return range(node, 0);
    }

    /** The source text of a node (for messages), on one line and at most 60 characters. */
    public static String excerpt(IASTNode node) {
        String s = node.getRawSignature().replaceAll("\\s+", " ").trim();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    private int clamp(int offset) {
        return Math.max(0, Math.min(offset, text.length()));
    }

    private int lineOf(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i : -i - 2;
    }
}
