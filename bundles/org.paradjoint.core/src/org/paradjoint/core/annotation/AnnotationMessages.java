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

    /**
     * Why an annotation of {@code kind} cannot sit on {@code site}, or null when it can;
     * {@code parallelLoop} tells whether the loop it sits on is an OpenMP parallel loop.
     */
    public static String misfit(Spelling spelling, AnnotationKind kind, AnnotationSite site, boolean parallelLoop) {
        boolean fits = switch (kind) {
            case GRADIENT, TANGENT -> site == AnnotationSite.LOOP || site == AnnotationSite.FUNCTION;
            case STENCIL -> site == AnnotationSite.LOOP;
            case DISJOINT -> site == AnnotationSite.LOOP && parallelLoop;
            case PARTIALLY_SEPARABLE, ELEMENTAL -> site == AnnotationSite.ASSIGNMENT;
        };
        if (fits) {
            return null;
        }
        String applies = spelling.quote(kind.label()) + " applies to ";
        return switch (kind) {
            case GRADIENT, TANGENT -> applies + "a loop nest or " + spelling.describe(AnnotationSite.FUNCTION);
            case STENCIL -> applies + "a gather loop nest";
            case DISJOINT -> applies + "an OpenMP parallel loop" + (site == AnnotationSite.LOOP
                    ? "; add " + spelling.quote(spelling.line(spelling.parallelLoop())) : "");
            case PARTIALLY_SEPARABLE -> applies + "the assignment that combines the elementals";
            case ELEMENTAL -> applies + "the assignment that initialises an elemental";
        };
    }

    /** An annotation ({@code text} as written after the directive prefix) on a site it does not fit, and why. */
    public static String misplaced(Spelling spelling, String text, AnnotationSite site, String why) {
        return spelling.quote(spelling.line(text)) + " cannot apply to " + spelling.describe(site) + ": " + why;
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
