package org.paradjoint.pipeline;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.stencil.StencilDifferentiator;

/**
 * Reverse mode: {@code f_b} in {@code name_b.c} (Fortran: {@code name_b.f90}) for functions with a
 * {@code gradient} or {@code stencil adjoint} pragma, each through the transformation
 * {@link Routes} chooses (the adjoint stencil, or reverse mode with the race analysis), exactly
 * what {@code paradjoint differentiate} writes.
 */
public final class AdjointGenerator implements DerivativeGenerator {

    private final ReductionLengths lengths;

    public AdjointGenerator() {
        this(ReductionLengths.symbolic());
    }

    /** {@code lengths} sizes reduction clauses (a timing driver knows the actual array lengths). */
    public AdjointGenerator(ReductionLengths lengths) {
        this.lengths = lengths;
    }

    @Override
    public String id() {
        return ADJOINT;
    }

    @Override
    public String label() {
        return "Adjoint";
    }

    @Override
    public boolean appliesTo(Function f) {
        return Annotations.hasGradient(f) || StencilDifferentiator.isStencil(f);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        return DerivativeFiles.generate(unit, sourcePath, Mode.REVERSE, functionName, settings, lengths);
    }
}
