package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registered generators: adjoint and tangent, then those contributed through the extension
 * point {@code org.paradjoint.launch.generators} (when running in Eclipse or the headless
 * application), in the order of {@link DerivativeGenerator} ids a user expects.
 */
public final class Generators {

    private Generators() {
    }

    public static List<DerivativeGenerator> all() {
        List<DerivativeGenerator> out = new ArrayList<>(List.of(new AdjointGenerator(), new TangentGenerator()));
        for (DerivativeGenerator g : ContributedGenerators.load()) {
            if (out.stream().noneMatch(x -> x.id().equals(g.id()))) {
                out.add(g);
            }
        }
        return out;
    }

    public static Optional<DerivativeGenerator> byId(String id) {
        return all().stream().filter(g -> g.id().equals(id)).findFirst();
    }
}
