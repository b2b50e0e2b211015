package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;

import org.paradjoint.core.transform.Mode;
import org.paradjoint.stencil.StencilDifferentiator;

/**
 * The generators every front door offers, in the order a user expects them in menus and timing
 * variants: adjoint, tangent, adjoint stencil, partially separable gradient. One static table, so
 * that the command line, the workbench and timing runs cannot disagree about what exists.
 */
public final class Generators {

    private static final RoutedGenerator ADJOINT = new RoutedGenerator(DerivativeGenerator.ADJOINT, "Adjoint",
            f -> Annotations.hasGradient(f) || StencilDifferentiator.isStencil(f), Mode.REVERSE,
            ReductionLengths.symbolic());
    private static final RoutedGenerator TANGENT = new RoutedGenerator(DerivativeGenerator.TANGENT, "Tangent",
            Routes::isAnnotated, Mode.TANGENT, ReductionLengths.symbolic());
    private static final RoutedGenerator STENCIL = new RoutedGenerator(DerivativeGenerator.ADJOINT_STENCIL,
            "Adjoint stencil", StencilDifferentiator::isStencil, Mode.REVERSE, ReductionLengths.symbolic());

    private static final List<DerivativeGenerator> ALL = List.of(ADJOINT, TANGENT, STENCIL, new SeparableGenerator());

    private Generators() {
    }

    public static List<DerivativeGenerator> all() {
        return ALL;
    }

    public static Optional<DerivativeGenerator> byId(String id) {
        return ALL.stream().filter(g -> g.id().equals(id)).findFirst();
    }

    /** Reverse mode: what {@code paradjoint differentiate} writes by default. */
    public static RoutedGenerator adjoint() {
        return ADJOINT;
    }

    public static RoutedGenerator tangent() {
        return TANGENT;
    }

    public static RoutedGenerator stencil() {
        return STENCIL;
    }
}
