package org.paradjoint.stencil.tests;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.stencil.StencilOptions;

/**
 * Derivative files as the pipeline writes them: in reverse mode the route table gives every
 * {@code ad stencil} function its adjoint stencil (functions with only a gradient pragma would get
 * the all-atomic adjoint); no extents beyond the user's.
 */
final class Generated {

    private Generated() {
    }

    /** The adjoint-stencil file with boundary strategy {@code strategy} (null: each pragma's own). */
    static FileResult adjoint(TranslationUnit unit, StencilOptions.Strategy strategy) {
        GenerationSettings settings = GenerationSettings.defaults().withRaceStrategy(
                org.paradjoint.core.transform.RaceStrategy.ALL_ATOMIC).withStencilStrategy(strategy);
        return DerivativeFiles.derivatives(unit, Mode.REVERSE, settings, ReductionLengths.none());
    }

    static FileResult tangent(TranslationUnit unit) {
        return DerivativeFiles.derivatives(unit, Mode.TANGENT, GenerationSettings.defaults(), ReductionLengths.none());
    }
}
