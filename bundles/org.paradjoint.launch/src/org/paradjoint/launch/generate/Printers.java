package org.paradjoint.launch.generate;

import java.util.List;
import java.util.function.Function;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * Prints generated functions in the language of their source: derivatives of Fortran are
 * Fortran ({@code x_b.f90} with the tape module where an adjoint needs it), those of C are C,
 * printed by the generator's own C printer.
 */
final class Printers {

    private Printers() {
    }

    /**
     * The text of the generated file, or null after adding to {@code diagnostics} why the
     * functions cannot be printed.
     */
    static String printFile(TranslationUnit unit, List<org.paradjoint.core.ir.Function> functions,
            Function<List<org.paradjoint.core.ir.Function>, String> cPrinter, List<Diagnostic> diagnostics) {
        if (unit.language() != TranslationUnit.Language.FORTRAN) {
            return cPrinter.apply(functions);
        }
        try {
            return FortranPrinter.printFile(functions, null);
        } catch (UnsupportedException e) {
            diagnostics.add(e.diagnostic());
            return null;
        }
    }
}
