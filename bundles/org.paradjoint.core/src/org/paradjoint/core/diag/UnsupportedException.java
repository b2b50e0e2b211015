package org.paradjoint.core.diag;

/**
 * Thrown deep inside a front-end or transform when a construct cannot be handled; caught at
 * the boundary and turned into an error {@link Diagnostic}, so that no partial output escapes.
 */
public final class UnsupportedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Diagnostic diagnostic;

    public UnsupportedException(String code, SourceRange range, String message) {
        super(message);
        this.diagnostic = Diagnostic.error(code, range, message);
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
