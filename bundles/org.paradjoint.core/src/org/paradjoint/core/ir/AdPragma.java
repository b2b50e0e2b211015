package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/** The {@code ad} annotations ({@code #pragma ad ...} in C, {@code !$ad ...} in Fortran). */
public sealed interface AdPragma {

    SourceRange range();

    /** {@code ad gradient(deps : indeps)}: reverse mode of the enclosing function. */
    record Gradient(List<String> dependents, List<String> independents, SourceRange range) implements AdPragma {
        public Gradient {
            dependents = List.copyOf(dependents);
            independents = List.copyOf(independents);
        }
    }

    /** {@code ad tangent(deps : indeps)}: forward mode of the enclosing function. */
    record Tangent(List<String> dependents, List<String> independents, SourceRange range) implements AdPragma {
        public Tangent {
            dependents = List.copyOf(dependents);
            independents = List.copyOf(independents);
        }
    }

    /** {@code ad stencil adjoint(u:ub, ...) [strategy(split|guarded)]}. */
    record StencilAdjoint(List<Mapping> mappings, String strategy, SourceRange range) implements AdPragma {
        public record Mapping(String array, String adjoint) {
        }

        public StencilAdjoint {
            mappings = List.copyOf(mappings);
        }
    }

    /** {@code ad partially_separable(e1, ...)} or ADIC2's {@code $adic_partiallyseparable, e1, ...}. */
    record PartiallySeparable(List<String> elementals, SourceRange range) implements AdPragma {
        public PartiallySeparable {
            elementals = List.copyOf(elementals);
        }
    }

    /** {@code ad elemental} or ADIC2's {@code $adic_partialelemental}. */
    record Elemental(SourceRange range) implements AdPragma {
    }

    /** {@code ad disjoint(expr, ...)}: user knowledge for the race analysis. */
    record Disjoint(List<Expr> expressions, SourceRange range) implements AdPragma {
        public Disjoint {
            expressions = List.copyOf(expressions);
        }
    }
}
