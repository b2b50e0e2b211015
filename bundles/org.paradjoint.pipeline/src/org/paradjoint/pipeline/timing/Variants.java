package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.paradjoint.core.ir.Function;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.core.transform.RaceStrategy;

/**
 * The variants a timing experiment can compare: the primal, the adjoint with proven increments
 * plain and the others atomic, the all-atomic adjoint, the adjoint with reduction clauses, the
 * tangent, and the variants of contributed generators (adjoint stencil, sparse gradient) when
 * their bundles are installed.
 */
public final class Variants {

    public static final String PRIMAL = "primal";
    public static final String ADJOINT = "adjoint";
    public static final String ADJOINT_ATOMIC = "adjoint-atomic";
    public static final String ADJOINT_REDUCTION = "adjoint-reduction";
    public static final String TANGENT = "tangent";
    /** The partially separable gradient {@code f_grad_ps}, when its generator is installed. */
    public static final String SPARSE_GRADIENT = DerivativeGenerator.SEPARABLE_GRADIENT;

    /**
     * One variant: {@code generator} is null for the primal; {@code strategy} guards the
     * increments of adjoint variants.
     */
    public record Variant(String id, String label, DerivativeGenerator generator, RaceStrategy strategy) {

        public boolean isPrimal() {
            return generator == null;
        }

        public boolean appliesTo(Function kernel) {
            return generator == null || generator.appliesTo(kernel);
        }
    }

    private Variants() {
    }

    /** Every variant known here, in the order of the CSV and the chart. */
    public static List<Variant> all() {
        List<Variant> out = new ArrayList<>();
        out.add(new Variant(PRIMAL, "primal", null, null));
        for (DerivativeGenerator g : Generators.all()) {
            switch (g.id()) {
                case DerivativeGenerator.ADJOINT -> {
                    out.add(new Variant(ADJOINT, "adjoint (proven)", g, RaceStrategy.ATOMIC));
                    out.add(new Variant(ADJOINT_ATOMIC, "all-atomic adjoint", g, RaceStrategy.ALL_ATOMIC));
                    out.add(new Variant(ADJOINT_REDUCTION, "reduction adjoint", g, RaceStrategy.REDUCTION));
                }
                case DerivativeGenerator.TANGENT -> out.add(new Variant(TANGENT, "tangent", g, null));
                case DerivativeGenerator.SEPARABLE_GRADIENT ->
                        out.add(new Variant(SPARSE_GRADIENT, "sparse gradient", g, null));
                default -> out.add(new Variant(g.id(), g.label().toLowerCase(java.util.Locale.ROOT), g, null));
            }
        }
        return out;
    }

    public static Optional<Variant> byId(String id) {
        return all().stream().filter(v -> v.id().equals(id)).findFirst();
    }

    /** The variants that apply to {@code kernel} (its annotations decide). */
    public static List<Variant> applicable(Function kernel) {
        return all().stream().filter(v -> v.appliesTo(kernel)).toList();
    }
}
