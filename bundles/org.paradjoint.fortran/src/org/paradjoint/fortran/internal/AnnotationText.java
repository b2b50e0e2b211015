package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * The text of one {@code !$ad} directive as core's annotation grammar reads it ({@code ad} and the
 * tokens after the sentinel, continuations already joined), with the way back from the grammar's
 * offsets to the file and to the directive's tokens. Tokens are written as the front-end reads
 * them (names lower case), with a blank wherever the source has one between them.
 */
final class AnnotationText {
    /** The sentinel's {@code !$}: the grammar's text starts after it, at {@code ad}. */
    private static final int PREFIX = 2;

    private final LogicalLine line;
    private final String text;
    /** Where each token of the line starts in {@link #text}. */
    private final int[] starts;

    private AnnotationText(LogicalLine line, String text, int[] starts) {
        this.line = line;
        this.text = text;
        this.starts = starts;
    }

    static AnnotationText of(LogicalLine line) {
        StringBuilder b = new StringBuilder("ad");
        List<Token> toks = line.tokens();
        int[] starts = new int[toks.size()];
        for (int i = 0; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (i == 0 || t.start() > toks.get(i - 1).end()) {
                b.append(' ');
            }
            starts[i] = b.length();
            b.append(Cursor.spelling(t));
        }
        return new AnnotationText(line, b.toString(), starts);
    }

    String text() {
        return text;
    }

    /** The file range of {@code [offset, offset + length)} of the text (empty at its end: after the last token). */
    SourceRange range(SourceText src, int offset, int length) {
        if (length == 0) {
            int at = offset < text.length() ? fileOffset(offset) : starts.length == 0 ? line.start() + PREFIX + 2
                    : line.tokens().get(starts.length - 1).end();
            return src.range(at, at);
        }
        return src.range(fileOffset(offset), fileOffset(offset + length - 1) + 1);
    }

    /** The line's tokens that lie in {@code [offset, offset + length)} of the text. */
    List<Token> tokens(int offset, int length) {
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] >= offset && starts[i] < offset + length) {
                out.add(line.tokens().get(i));
            }
        }
        return out;
    }

    private int fileOffset(int offset) {
        int k = starts.length - 1;
        while (k >= 0 && starts[k] > offset) {
            k--;
        }
        if (k < 0) {
            return line.start() + PREFIX + offset;
        }
        Token t = line.tokens().get(k);
        int within = offset - starts[k];
        int written = Cursor.spelling(t).length();
        // a token's text may be shorter or longer than its source (a dropped kind suffix): stay inside it;
        // the blank after it stands for the source's gap, which starts at its end
        return within < written ? t.start() + Math.min(within, t.end() - t.start() - 1) : t.end() + within - written;
    }
}
