package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;

/**
 * The generators every front door offers, in the order a user expects them in menus and timing
 * variants: adjoint, tangent, adjoint stencil, partially separable gradient. One static table, so
 * that the command line, the workbench and timing runs cannot disagree about what exists.
 */
public final class Generators {

    private static final List<DerivativeGenerator> ALL = List.of(new AdjointGenerator(), new TangentGenerator(),
            new StencilGenerator(), new SeparableGenerator());

    private Generators() {
    }

    public static List<DerivativeGenerator> all() {
        return ALL;
    }

    public static Optional<DerivativeGenerator> byId(String id) {
        return ALL.stream().filter(g -> g.id().equals(id)).findFirst();
    }
}
