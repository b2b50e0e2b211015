package org.paradjoint.cli;

import java.util.List;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.FortranOutput;
import org.paradjoint.fortran.print.FortranPrinter;

/** Chooses the printer of the source's language: derivatives are written in the language they came from. */
final class Outputs {

    private Outputs() {
    }

    static FileResult differentiateAll(TranslationUnit unit, Mode mode, DiffOptions options) {
        return unit.language() == TranslationUnit.Language.FORTRAN ? FortranOutput.differentiateAll(unit, mode, options)
                : Differentiator.differentiateAll(unit, mode, options);
    }

    static String printFile(TranslationUnit unit, List<Function> functions) {
        return unit.language() == TranslationUnit.Language.FORTRAN ? FortranPrinter.printFile(functions, null)
                : CPrinter.printFile(functions);
    }
}
