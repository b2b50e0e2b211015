package org.paradjoint.core.annotation;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;

/**
 * The diagnostics a front-end reports while resolving a parsed {@link Annotation} (names against
 * its variables, {@code disjoint} expressions in its expression syntax). They live here, next to
 * the grammar's own, so that an annotation error reads the same in every language except for the
 * language's {@link Spelling}.
 */
public final class AnnotationMessages {
    private AnnotationMessages() {
    }

    /**
     * Why an annotation cannot sit on a site: a {@code misplaced-pragma} problem of the catalogue
     * and its arguments besides {@code annotation} and {@code site}.
     */
    public record Misfit(String problem, List<Object> arguments) {

        public Misfit(String problem, Object... arguments) {
            this(problem, List.of(arguments));
        }
    }

    /**
     * Why an annotation of {@code kind} cannot sit on {@code site}, or null when it can;
     * {@code parallelLoop} tells whether the loop it sits on is an OpenMP parallel loop.
     */
    public static Misfit misfit(Spelling spelling, AnnotationKind kind, AnnotationSite site, boolean parallelLoop) {
        boolean fits = switch (kind) {
            case GRADIENT, TANGENT -> site == AnnotationSite.LOOP || site == AnnotationSite.FUNCTION;
            case STENCIL -> site == AnnotationSite.LOOP;
            case DISJOINT -> site == AnnotationSite.LOOP && parallelLoop;
            case CHECKPOINT -> site == AnnotationSite.LOOP && !parallelLoop;
            case PARTIALLY_SEPARABLE, ELEMENTAL -> site == AnnotationSite.ASSIGNMENT;
        };
        if (fits) {
            return null;
        }
        String quoted = spelling.quote(kind.label());
        return switch (kind) {
            case GRADIENT, TANGENT -> new Misfit("misplaced-pragma.loop-or-function", "kind", quoted, "function",
                    spelling.describe(AnnotationSite.FUNCTION));
            case STENCIL -> new Misfit("misplaced-pragma.gather-loop", "kind", quoted);
            case DISJOINT -> site == AnnotationSite.LOOP
                    ? new Misfit("misplaced-pragma.parallel-loop-add", "kind", quoted, "directive",
                            spelling.quote(spelling.line(spelling.parallelLoop())))
                    : new Misfit("misplaced-pragma.parallel-loop", "kind", quoted);
            case PARTIALLY_SEPARABLE -> new Misfit("misplaced-pragma.combining-assignment", "kind", quoted);
            case ELEMENTAL -> new Misfit("misplaced-pragma.elemental-assignment", "kind", quoted);
            // a parallel loop's adjoint iterations are independent: only the time loop around it has a trajectory
            case CHECKPOINT -> site == AnnotationSite.LOOP
                    ? new Misfit("misplaced-pragma.sequential-loop-parallel", "directive",
                            spelling.quote(spelling.line(spelling.parallelLoop())), "kind", quoted)
                    : new Misfit("misplaced-pragma.sequential-loop", "kind", quoted);
        };
    }

    /** An annotation ({@code text} as written after the directive prefix) on a site it does not fit, and why. */
    public static Diagnostic misplaced(Spelling spelling, String text, AnnotationSite site, Misfit why,
            SourceRange at) {
        List<Object> args = new ArrayList<>(List.of("annotation", spelling.quote(spelling.line(text)), "site",
                spelling.describe(site)));
        args.addAll(why.arguments());
        return Diagnostic.error(why.problem(), at, args.toArray());
    }

    /** A name in {@code annotation} that is no variable visible where the annotation applies. */
    public static Diagnostic unknownVariable(Spelling spelling, Annotation annotation, String name, SourceRange at) {
        return Diagnostic.error("unknown-variable.annotation", at, "variable", spelling.quote(name), "annotation",
                spelling.quote(annotation.label()));
    }

    /** An array of {@code ad stencil adjoint} that names a scalar. */
    public static Diagnostic scalarInStencil(Spelling spelling, String name, SourceRange at) {
        return Diagnostic.error("malformed-pragma.scalar-in-stencil", at, "annotation",
                spelling.quote(AnnotationKind.STENCIL.label()), "array", spelling.quote(name));
    }

    /** An expression of {@code ad disjoint} that the language's expression syntax does not read. */
    public static Diagnostic notAnExpression(Spelling spelling, String text, SourceRange at) {
        return Diagnostic.error("malformed-pragma.not-an-expression", at, "annotation",
                spelling.quote(AnnotationKind.DISJOINT.label()), "text", spelling.quote(text), "language",
                spelling.language());
    }
}
