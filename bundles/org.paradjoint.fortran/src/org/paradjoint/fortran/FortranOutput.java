package org.paradjoint.fortran;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSet;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * Fortran files of derivatives: the counterpart of {@link Differentiator#differentiateAll} that
 * prints with {@link FortranPrinter}. Every annotated procedure of the unit is differentiated by
 * core (the transformations are language-neutral on the IR); the file {@code x_b.f90} (or
 * {@code x_d.f90}) holds them, with the tape module when an adjoint needs it. No text when there
 * is any error.
 */
public final class FortranOutput {

    private FortranOutput() {
    }

    public static FileResult differentiateAll(TranslationUnit unit, Mode mode, DiffOptions options) {
        DiffOptions opts = options == null ? DiffOptions.defaults() : options;
        return DerivativeSet.of(unit.functions().stream().filter(Differentiator::isAnnotated).toList(),
                f -> Differentiator.differentiate(unit, f.name(), mode, opts))
                .file(Differentiator.outputFileName(unit.file(), mode, opts), fs -> FortranPrinter.printFile(fs, null));
    }
}
