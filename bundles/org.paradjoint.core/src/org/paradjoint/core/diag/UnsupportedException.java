package org.paradjoint.core.diag;

/**
 * Thrown deep inside a front-end or transform when a construct cannot be handled; caught at
 * the boundary and turned into an error {@link Diagnostic}, so that no partial output escapes.
 */
public final class UnsupportedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Diagnostic diagnostic;

    /** Catalogue problem {@code id} (an error) at {@code range}, with its named arguments. */
    public UnsupportedException(String id, SourceRange range, Object... namesAndValues) {
        this(Diagnostic.error(id, range, namesAndValues));
    }

    public UnsupportedException(Diagnostic diagnostic) {
        super(diagnostic.message());
        this.diagnostic = diagnostic;
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
