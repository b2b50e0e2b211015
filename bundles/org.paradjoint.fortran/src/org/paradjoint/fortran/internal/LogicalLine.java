package org.paradjoint.fortran.internal;

import java.util.List;

/**
 * One statement or directive after continuations are joined and {@code ;} split: its kind, its
 * tokens and the offsets of its first and last characters in the file.
 */
public record LogicalLine(Kind kind, List<Token> tokens, int start, int end) {

    public enum Kind {
        CODE, OMP, AD
    }

    public LogicalLine {
        tokens = List.copyOf(tokens);
    }

    public boolean isDirective() {
        return kind != Kind.CODE;
    }

    public Token first() {
        return tokens.isEmpty() ? null : tokens.get(0);
    }
}
