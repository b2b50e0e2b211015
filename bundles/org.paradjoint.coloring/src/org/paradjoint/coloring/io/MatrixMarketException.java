package org.paradjoint.coloring.io;

import java.io.IOException;

/** A malformed Matrix Market file; the message starts with the 1-based line number. */
public final class MatrixMarketException extends IOException {

    private static final long serialVersionUID = 1L;

    private final int lineNumber;

    public MatrixMarketException(int lineNumber, String message) {
        super("line " + lineNumber + ": " + message);
        this.lineNumber = lineNumber;
    }

    /** 1-based line where the problem was found (for a missing entry: the line after the last one). */
    public int lineNumber() {
        return lineNumber;
    }
}
