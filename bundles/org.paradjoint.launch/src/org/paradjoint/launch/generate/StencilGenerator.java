package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;

/**
 * The adjoint stencil as a generator of the workbench (Differentiate > Adjoint Stencil, the
 * "Generate adjoint stencil for this loop" quick-fix) and as a variant of timing experiments.
 * Registered in plugin.xml under {@code org.paradjoint.launch.generators}.
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
        StencilOptions options = new StencilOptions(
                "guarded".equals(settings.stencilStrategy()) ? StencilOptions.Strategy.GUARDED : null,
                settings.adjointSuffix());
        String path = StencilDifferentiator.outputFileName(sourcePath, options);
        if (functionName != null) {
            DiffResult r = StencilDifferentiator.differentiate(unit, functionName, options);
            List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
            String text = r.hasErrors() ? null : Printers.printFile(unit, List.of(r.function()),
                    StencilDifferentiator::printFile, diags);
            return new GeneratedFile(path, text, r.signature() == null ? List.of() : List.of(r.signature()), diags);
        }
        FileResult r = StencilDifferentiator.differentiateAll(unit, options);
        List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
        String text = r.hasErrors() ? null : Printers.printFile(unit, r.functions(), StencilDifferentiator::printFile,
                diags);
        return new GeneratedFile(path, text, r.signatures(), diags);
    }
}
