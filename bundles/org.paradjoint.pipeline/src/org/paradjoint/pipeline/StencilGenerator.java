package org.paradjoint.pipeline;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.stencil.StencilDifferentiator;

/**
 * The adjoint stencil as a menu entry of the workbench (Differentiate > Adjoint Stencil, the
 * "Generate adjoint stencil for this loop" quick-fix) and as a timing variant. It offers itself
 * only for stencil functions, and writes the same file as the adjoint generator and
 * {@code paradjoint differentiate}: {@link Routes} gives stencil functions their adjoint stencil
 * wherever they are differentiated, so the two menu entries cannot disagree.
 */
public final class StencilGenerator implements DerivativeGenerator {

    @Override
    public String id() {
        return ADJOINT_STENCIL;
    }

    @Override
    public String label() {
        return "Adjoint stencil";
    }

    @Override
    public boolean appliesTo(Function function) {
        return StencilDifferentiator.isStencil(function);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        return DerivativeFiles.generate(unit, sourcePath, Mode.REVERSE, functionName,
                settings.withConventionalAdjoint(false), ReductionLengths.symbolic());
    }
}
