package org.paradjoint.pipeline.edits;

import java.util.Comparator;
import java.util.List;

/** Replace {@code length} characters at {@code offset} by {@code text} (an insertion when length is 0). */
public record SourceEdit(int offset, int length, String text) {

    public SourceEdit {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("negative offset or length");
        }
    }

    public static SourceEdit insert(int offset, String text) {
        return new SourceEdit(offset, 0, text);
    }

    /** Applies non-overlapping edits to {@code source}. */
    public static String apply(String source, List<SourceEdit> edits) {
        StringBuilder sb = new StringBuilder(source);
        edits.stream().sorted(Comparator.comparingInt(SourceEdit::offset).reversed())
                .forEach(e -> sb.replace(e.offset(), e.offset() + e.length(), e.text()));
        return sb.toString();
    }
}
