package org.paradjoint.core.annotation;

/**
 * Why an annotation could not be parsed, located in the annotation text: {@code offset} and
 * {@code length} are relative to the text given to {@link AnnotationParser} (length 0 at its end).
 * Each front-end turns the problem into its own diagnostic code and the offsets into a file range.
 */
public record AnnotationDiagnostic(Problem problem, int offset, int length, String message) {

    /** The two kinds of error the grammar reports. */
    public enum Problem {
        /** The annotation word is not one of the annotation language's (or an unknown ADIC2 form). */
        UNKNOWN,
        /** A known annotation written wrongly. */
        MALFORMED
    }
}
