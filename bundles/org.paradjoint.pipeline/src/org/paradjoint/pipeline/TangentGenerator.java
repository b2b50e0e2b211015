package org.paradjoint.pipeline;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;

/**
 * Forward mode: {@code f_d} in {@code name_d.c} (Fortran: {@code name_d.f90}), for functions with
 * a {@code tangent}, {@code gradient} or {@code stencil} pragma.
 */
public final class TangentGenerator implements DerivativeGenerator {

    @Override
    public String id() {
        return TANGENT;
    }

    @Override
    public String label() {
        return "Tangent";
    }

    @Override
    public boolean appliesTo(Function f) {
        return Routes.isAnnotated(f);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        return DerivativeFiles.generate(unit, sourcePath, Mode.TANGENT, functionName, settings,
                ReductionLengths.symbolic());
    }
}
