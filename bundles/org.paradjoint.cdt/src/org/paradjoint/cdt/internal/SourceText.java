package org.paradjoint.cdt.internal;

import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.paradjoint.core.diag.LineMap;
import org.paradjoint.core.diag.SourceRange;

/**
 * The text of one file and the conversion of character offsets to 1-based lines and columns.
 * A range ends at {@code endLine:endColumn}, the column just after its last character.
 * <p>
 * A file parsed with its includes also locates the nodes of its headers: CDT gives each node the
 * file it was read from ({@code parsedPath} for the file itself, where a node a macro produced
 * is located at the macro's use), and such a node's range is in that header's text.
 */
public final class SourceText {
    private final String file;
    private final String text;
    private final LineMap lines;
    /** The path CDT knows this file by, or null when its nodes are all of this text. */
    private final String parsedPath;
    private final IncludedFiles headers;

    public SourceText(String file, String text) {
        this(file, text, null, null);
    }

    SourceText(String file, String text, String parsedPath, IncludedFiles headers) {
        this.file = file;
        this.text = text;
        this.lines = new LineMap(text);
        this.parsedPath = parsedPath;
        this.headers = headers;
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
        int line = lines.lineOf(start);
        int endLine = lines.lineOf(end);
        return new SourceRange(file, line + 1, start - lines.lineStart(line) + 1, endLine + 1,
                end - lines.lineStart(endLine) + 1, start, end - start);
    }

    /** The range of a CDT node whose offsets are shifted by {@code delta} (0 for nodes of this file). */
    public SourceRange range(IASTNode node, int delta) {
        IASTFileLocation loc = node == null ? null : node.getFileLocation();
        if (loc == null) {
            return SourceRange.NONE;
        }
        if (!isOfThisFile(loc)) {
            return headers.text(loc.getFileName()).range(loc.getNodeOffset(), loc.getNodeLength());
        }
        return range(loc.getNodeOffset() + delta, loc.getNodeLength());
    }

    public SourceRange range(IASTNode node) {
        return range(node, 0);
    }

    /** Whether a location is in this text (always, for a text parsed without its includes). */
    boolean isOfThisFile(IASTFileLocation loc) {
        return headers == null || parsedPath.equals(loc.getFileName()) || !headers.isHeader(loc.getFileName());
    }

    /** The source text of a node (for messages), on one line and at most 60 characters. */
    public static String excerpt(IASTNode node) {
        String s = node.getRawSignature().replaceAll("\\s+", " ").trim();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    private int clamp(int offset) {
        return Math.max(0, Math.min(offset, text.length()));
    }

}
