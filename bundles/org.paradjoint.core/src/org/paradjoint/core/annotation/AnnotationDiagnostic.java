package org.paradjoint.core.annotation;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Problems;
import org.paradjoint.core.diag.SourceRange;

/**
 * Why an annotation could not be parsed, located in the annotation text: {@code offset} and
 * {@code length} are relative to the text given to {@link AnnotationParser} (length 0 at its end).
 * The problem is a catalogue id of code {@code unknown-pragma} or {@code malformed-pragma} with
 * its named arguments; each front-end turns the offsets into a file range ({@link #at}).
 */
public record AnnotationDiagnostic(String id, int offset, int length, List<Object> arguments) {

    /** The two kinds of error the grammar reports. */
    public enum Problem {
        /** The annotation word is not one of the annotation language's (or an unknown ADIC2 form). */
        UNKNOWN,
        /** A known annotation written wrongly. */
        MALFORMED
    }

    public AnnotationDiagnostic {
        arguments = List.copyOf(arguments);
    }

    public Problem problem() {
        return Problems.get(id).code().equals("unknown-pragma") ? Problem.UNKNOWN : Problem.MALFORMED;
    }

    public String message() {
        return at(SourceRange.NONE).message();
    }

    /** The error diagnostic at {@code range} of the file. */
    public Diagnostic at(SourceRange range) {
        return Diagnostic.error(id, range, arguments.toArray());
    }
}
