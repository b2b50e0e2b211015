package org.paradjoint.pipeline;

import java.util.List;

import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.print.FortranPrinter;

/** Free-form Fortran: its own front-end, printed as Fortran with the tape module where an adjoint needs it. */
final class FortranLanguage implements SourceLanguage {

    @Override
    public Language language() {
        return Language.FORTRAN;
    }

    @Override
    public String displayName() {
        return "Fortran";
    }

    @Override
    public List<String> extensions() {
        return List.of(".f90", ".f95", ".f03", ".f08");
    }

    @Override
    public FrontEnd newFrontEnd() {
        return new FortranFrontEnd();
    }

    @Override
    public String annotationPrefix() {
        return "!$ad ";
    }

    @Override
    public String printFile(List<Function> functions) {
        return FortranPrinter.printFile(functions, null);
    }
}
