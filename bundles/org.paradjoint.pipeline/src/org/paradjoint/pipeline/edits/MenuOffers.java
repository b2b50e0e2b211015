package org.paradjoint.pipeline.edits;

import java.util.Set;

import org.paradjoint.pipeline.DerivativeGenerator;

/**
 * Which Differentiate entries the annotations in scope enable: the adjoint for {@code gradient}
 * and {@code stencil adjoint}, the tangent for those and {@code tangent}, the adjoint stencil for
 * {@code stencil adjoint} and the partially separable gradient for {@code partially_separable}
 * (the last two only when their generators are installed).
 */
public final class MenuOffers {

    private MenuOffers() {
    }

    public static boolean offers(String generatorId, Set<Annotation> inScope) {
        return switch (generatorId) {
            case DerivativeGenerator.ADJOINT -> inScope.contains(Annotation.GRADIENT)
                    || inScope.contains(Annotation.STENCIL);
            case DerivativeGenerator.TANGENT -> inScope.contains(Annotation.TANGENT)
                    || inScope.contains(Annotation.GRADIENT) || inScope.contains(Annotation.STENCIL);
            case DerivativeGenerator.ADJOINT_STENCIL -> inScope.contains(Annotation.STENCIL);
            case DerivativeGenerator.SEPARABLE_GRADIENT -> inScope.contains(Annotation.PARTIALLY_SEPARABLE);
            default -> false;
        };
    }

    /** True when nothing in scope asks for derivatives yet ("Annotate for differentiation" applies). */
    public static boolean annotatable(Set<Annotation> inScope) {
        return !inScope.contains(Annotation.GRADIENT) && !inScope.contains(Annotation.TANGENT)
                && !inScope.contains(Annotation.STENCIL);
    }
}
