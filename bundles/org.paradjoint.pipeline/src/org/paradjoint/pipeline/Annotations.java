package org.paradjoint.pipeline;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Function;

/** Which kinds of {@code ad} annotation a function carries. */
public final class Annotations {

    private Annotations() {
    }

    public static boolean hasGradient(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.Gradient);
    }

    public static boolean hasTangent(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.Tangent);
    }

    public static boolean hasStencil(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.StencilAdjoint);
    }

    public static boolean hasPartiallySeparable(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.PartiallySeparable);
    }
}
