package org.paradjoint.cli;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.z3.Z3Prover;

/**
 * Sends each function to the transformation its annotations ask for: in reverse mode, an
 * {@code ad stencil adjoint} function to the adjoint-stencil transformation and every other one
 * to reverse mode with the race analysis (unless disabled); in tangent mode, all to core.
 */
final class Routes {

    private final TranslationUnit unit;
    private final Mode mode;
    private final DiffOptions options;
    private final boolean noRaceAnalysis;
    private final RaceOptions raceOptions;
    private final StencilOptions stencilOptions;

    Routes(TranslationUnit unit, Mode mode, DiffOptions options, boolean noRaceAnalysis, RaceOptions raceOptions,
            StencilOptions stencilOptions) {
        this.unit = unit;
        this.mode = mode;
        this.options = options;
        this.noRaceAnalysis = noRaceAnalysis;
        this.raceOptions = raceOptions;
        this.stencilOptions = stencilOptions;
    }

    DiffResult differentiate(Function f) {
        if (mode == Mode.TANGENT) {
            return Differentiator.differentiate(unit, f.name(), mode, options);
        }
        if (StencilDifferentiator.isStencil(f) && !options.overridesVariables()) {
            return StencilDifferentiator.differentiate(unit, f.name(), stencilOptions);
        }
        if (noRaceAnalysis) {
            return Differentiator.differentiate(unit, f.name(), mode, options);
        }
        return RaceAwareDifferentiator.differentiate(unit, f.name(), options, new Z3Prover(), raceOptions).result();
    }

    /** Differentiates {@code functions} into one file; no text when there is any error. */
    FileResult differentiateAll(List<Function> functions) {
        List<Function> generated = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        boolean errors = false;
        for (Function f : functions) {
            DiffResult r = differentiate(f);
            diagnostics.addAll(r.diagnostics());
            if (r.hasErrors()) {
                errors = true;
            } else {
                generated.add(r.function());
                signatures.add(r.signature());
            }
        }
        return new FileResult(errors ? null : print(generated), Differentiator.outputFileName(unit.file(), mode, options),
                generated, signatures, diagnostics);
    }

    /** The generated file: Fortran through its printer; C with prototypes of user-supplied partials. */
    String print(List<Function> generated) {
        return unit.language() == TranslationUnit.Language.FORTRAN ? Outputs.printFile(unit, generated)
                : StencilDifferentiator.printFile(generated);
    }
}
