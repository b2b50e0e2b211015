package org.paradjoint.fortran.tests;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;

/**
 * Derivative files of Fortran units as the pipeline writes them, printed by the Fortran printer:
 * the tangent, or the all-atomic baseline adjoint of every annotated procedure (stencil procedures
 * included), with no extents beyond the user's.
 */
final class Generated {

    private Generated() {
    }

    static FileResult file(TranslationUnit unit, Mode mode) {
        return DerivativeFiles.derivatives(unit, mode, GenerationSettings.allAtomic(), ReductionLengths.none());
    }
}
