package org.paradjoint.core.annotation;

/**
 * The messages a front-end reports while resolving a parsed {@link Annotation} (names against its
 * variables, {@code disjoint} expressions in its expression syntax). They live here, next to the
 * grammar's own, so that an annotation error reads the same in every language except for the
 * language's {@link Spelling}.
 */
public final class AnnotationMessages {
    private AnnotationMessages() {
    }

    /** A name in {@code annotation} that is no variable visible where the annotation applies. */
    public static String unknownVariable(Spelling spelling, Annotation annotation, String name) {
        return "unknown variable " + spelling.quote(name) + " in " + spelling.quote(annotation.label())
                + ": neither an argument nor a local variable of that name is visible here";
    }

    /** An array of {@code ad stencil adjoint} that names a scalar. */
    public static String scalarInStencil(Spelling spelling, String name) {
        return "malformed " + spelling.quote(AnnotationKind.STENCIL.label()) + ": " + spelling.quote(name)
                + " is a scalar; the list maps arrays to their adjoint names";
    }

    /** An expression of {@code ad disjoint} that the language's expression syntax does not read. */
    public static String notAnExpression(Spelling spelling, String text) {
        return "malformed " + spelling.quote(AnnotationKind.DISJOINT.label()) + ": " + spelling.quote(text)
                + " is not a " + spelling.language() + " expression";
    }
}
