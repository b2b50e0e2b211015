package org.paradjoint.cdt.internal;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * A pragma as written, before its names are resolved against the variables in scope. Offsets
 * are character offsets in the file, so that resolution errors point at the name.
 */
final class PragmaSyntax {
    private PragmaSyntax() {
    }

    /** An identifier inside a pragma. */
    record Name(String text, int offset) {
    }

    /** A C expression inside a pragma ({@code ad disjoint}), parsed later. */
    record Segment(String text, int offset) {
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

    sealed interface Ad permits Gradient, Stencil, Separable, Elemental, Disjoint {
        /** How the annotation is named in messages, e.g. {@code ad gradient}. */
        default String label() {
            return switch (this) {
                case Gradient g -> g.tangent() ? "ad tangent" : "ad gradient";
                case Stencil s -> "ad stencil adjoint";
                case Separable s -> "ad partially_separable";
                case Elemental e -> "ad elemental";
                case Disjoint d -> "ad disjoint";
            };
        }
    }

    record Gradient(boolean tangent, List<Name> dependents, List<Name> independents) implements Ad {
    }

    record Mapping(Name array, Name adjoint) {
    }

    record Stencil(List<Mapping> mappings, String strategy) implements Ad {
    }

    record Separable(List<Name> elementals) implements Ad {
    }

    record Elemental() implements Ad {
    }

    record Disjoint(List<Segment> expressions) implements Ad {
    }

    record Reduction(String op, List<Name> vars) {
    }

    /** {@code omp parallel for} and its clauses; {@code collapse} 0 when absent. */
    record Omp(List<Name> privates, List<Name> firstprivates, List<Name> shared, List<Reduction> reductions,
            String schedule, int collapse, String defaultSharing) {
    }
}
