package org.paradjoint.core.annotation;

/** Thrown by {@link AnnotationParser} for text that is not a well-formed annotation. */
public final class AnnotationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient AnnotationDiagnostic diagnostic;

    public AnnotationException(AnnotationDiagnostic diagnostic) {
        super(diagnostic.message());
        this.diagnostic = diagnostic;
    }

    public AnnotationDiagnostic diagnostic() {
        return diagnostic;
    }
}
