package org.paradjoint.core.annotation;

import java.util.List;

/**
 * The syntax tree of one annotation, before its names are resolved: what {@link AnnotationParser}
 * makes of {@code ad gradient(y : x)}, {@code ad stencil adjoint(u:ub) strategy(split)},
 * {@code $adic_partiallyseparable, a, b} and the other forms of the user guide's table. Offsets
 * are character offsets in the annotation text given to the parser (which starts at {@code ad} or
 * {@code $adic}); each front-end adds where that text starts in its file.
 */
public sealed interface Annotation {

    /** The kind of annotation. */
    default AnnotationKind kind() {
        return switch (this) {
            case Gradient g -> g.tangent() ? AnnotationKind.TANGENT : AnnotationKind.GRADIENT;
            case Stencil s -> AnnotationKind.STENCIL;
            case Separable s -> AnnotationKind.PARTIALLY_SEPARABLE;
            case Elemental e -> AnnotationKind.ELEMENTAL;
            case Disjoint d -> AnnotationKind.DISJOINT;
            case Checkpoint c -> AnnotationKind.CHECKPOINT;
        };
    }

    /** How the annotation is named in messages, e.g. {@code ad gradient}. */
    default String label() {
        return kind().label();
    }

    /** An identifier inside an annotation, as written. */
    record Name(String text, int offset) {
        public int end() {
            return offset + text.length();
        }
    }

    /** An expression inside an annotation ({@code ad disjoint}), as written (trimmed); parsed by the front-end. */
    record Segment(String text, int offset) {
    }

    /** {@code ad gradient(deps : indeps)}, or with {@code tangent} true {@code ad tangent(deps : indeps)}. */
    record Gradient(boolean tangent, List<Name> dependents, List<Name> independents) implements Annotation {
        public Gradient {
            dependents = List.copyOf(dependents);
            independents = List.copyOf(independents);
        }
    }

    /** One {@code array : adjoint} pair of {@code ad stencil adjoint(...)}. */
    record Mapping(Name array, Name adjoint) {
    }

    /**
     * {@code ad stencil adjoint(u:ub, ...)} with an optional {@code strategy(split|guarded)}; {@code strategy}
     * is {@code split}, {@code guarded}, or null when the annotation names none.
     */
    record Stencil(List<Mapping> mappings, String strategy) implements Annotation {
        public Stencil {
            mappings = List.copyOf(mappings);
        }
    }

    /**
     * {@code ad partially_separable(e1, e2, ...)}, or with {@code adic} true ADIC2's
     * {@code $adic_partiallyseparable, e1, e2}.
     */
    record Separable(List<Name> elementals, boolean adic) implements Annotation {
        public Separable {
            elementals = List.copyOf(elementals);
        }
    }

    /** {@code ad elemental}, or with {@code adic} true ADIC2's {@code $adic_partialelemental}. */
    record Elemental(boolean adic) implements Annotation {
    }

    /** {@code ad disjoint(e1, e2, ...)}: index expressions, as text, that no two iterations share. */
    record Disjoint(List<Segment> expressions) implements Annotation {
        public Disjoint {
            expressions = List.copyOf(expressions);
        }
    }

    /**
     * {@code ad checkpoint(binomial[, S])}: a sequential loop whose adjoint keeps {@code S} snapshots
     * of its state and recomputes (Revolve). {@code snapshots} is a positive integer literal or the
     * name of an integer parameter, as written; null when omitted (the run-time default).
     */
    record Checkpoint(Name snapshots) implements Annotation {
    }
}
