package org.paradjoint.cdt.internal;

import java.util.List;

import org.paradjoint.core.annotation.Annotation;
import org.paradjoint.core.diag.SourceRange;

/**
 * A pragma as written, before its names are resolved against the variables in scope. Offsets
 * are character offsets in the file, so that resolution errors point at the name.
 */
final class PragmaSyntax {
    private PragmaSyntax() {
    }

    /** An identifier inside an OpenMP pragma. */
    record Name(String text, int offset) {
    }

    /** One {@code #pragma} of the file with its parsed content. */
    record Site(int offset, int length, SourceRange range, String spelling, Object content) {
        boolean isOmp() {
            return content instanceof Omp;
        }

        boolean isAd() {
            return content instanceof Ad;
        }

        /** A pragma of ours that failed to parse; its error is already reported. */
        boolean isBroken() {
            return content instanceof Broken;
        }

        int end() {
            return offset + length;
        }
    }

    /** The content of a pragma that could not be parsed. */
    record Broken() {
    }

    /**
     * An {@code ad} or ADIC2 annotation, parsed by the annotation grammar; {@code base} is where the
     * parsed text starts in the file (the grammar's offsets are relative to it).
     */
    record Ad(Annotation annotation, int base) {
        /** How the annotation is named in messages, e.g. {@code ad gradient}. */
        String label() {
            return annotation.label();
        }

        /** The file range of a name inside the annotation. */
        int offset(Annotation.Name name) {
            return base + name.offset();
        }
    }

    record Reduction(String op, List<Name> vars) {
    }

    /** {@code omp parallel for} and its clauses; {@code collapse} 0 when absent. */
    record Omp(List<Name> privates, List<Name> firstprivates, List<Name> shared, List<Reduction> reductions,
            String schedule, int collapse, String defaultSharing) {
    }
}
