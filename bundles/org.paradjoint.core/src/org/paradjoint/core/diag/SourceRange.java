package org.paradjoint.core.diag;

/**
 * A region of a source file, 1-based lines and columns; {@code offset}/{@code length}
 * are character offsets so that editors can place markers and text edits.
 * <p>
 * Two ranges are equal when they name the same place. IR nodes carry a range but compare by
 * structure, leaving their range out ({@code org.paradjoint.core.ir.Structure}).
 */
public record SourceRange(String file, int line, int column, int endLine, int endColumn, int offset, int length) {

    public static final SourceRange NONE = new SourceRange("", 0, 0, 0, 0, -1, 0);

    /** The file as a whole, no position in it: a diagnostic there prints as {@code file: error: ...}. */
    public static SourceRange ofFile(String file) {
        return new SourceRange(file, 0, 0, 0, 0, -1, 0);
    }

    public boolean isKnown() {
        return line > 0;
    }

    /** {@code file:line:col}, the prefix of compiler-style messages. */
    public String location() {
        return file + ":" + line + ":" + column;
    }

    @Override
    public String toString() {
        return location();
    }
}
