package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
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
        return Annotations.hasTangent(f) || Annotations.hasGradient(f) || Annotations.hasStencil(f);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        DiffOptions options = settings.diffOptions();
        String path = Differentiator.outputFileName(sourcePath, Mode.TANGENT, options);
        if (functionName != null) {
            DiffResult r = Differentiator.differentiate(unit, functionName, Mode.TANGENT, options);
            List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
            String text = r.hasErrors() ? null : Printers.printFile(unit, List.of(r.function()), CPrinter::printFile,
                    diags);
            return new GeneratedFile(path, text, r.signature() == null ? List.of() : List.of(r.signature()), diags);
        }
        FileResult r = Differentiator.differentiateAll(unit, Mode.TANGENT, options);
        List<Diagnostic> diags = new ArrayList<>(r.diagnostics());
        String text = r.hasErrors() ? null : Printers.printFile(unit, r.functions(), CPrinter::printFile, diags);
        return new GeneratedFile(path, text, r.signatures(), diags);
    }
}
