package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/** {@code paradjoint differentiate --mode separable}: the compressed sparse gradient {@code f_grad_ps}. */
final class SeparableOutput {

    private SeparableOutput() {
    }

    static int write(TranslationUnit unit, String file, String function, List<String> independents, String suffix,
            String output, PrintStream out, PrintStream err) {
        if (unit.language() == TranslationUnit.Language.FORTRAN) {
            SourceRange at = (function != null ? unit.function(function) : unit.functions().stream().findFirst())
                    .map(Function::range).orElse(SourceRange.NONE);
            SourceFiles.report(file, List.of(Diagnostic.error("separable-fortran-unsupported", at,
                    "--mode separable generates C and supports C sources only (a Fortran unit's arrays keep their "
                            + "Fortran lower bounds in the IR); write the function in C, or use --mode reverse for a "
                            + "Fortran adjoint")), err);
            return 1;
        }
        SeparableOptions options = SeparableOptions.defaults();
        if (independents != null) {
            options = options.withIndependents(independents);
        }
        if (suffix != null) {
            options = options.withGradientSuffix(suffix);
        }
        SeparableResult r = function != null ? SeparableDifferentiator.differentiate(unit, function, options)
                : SeparableDifferentiator.differentiateAll(unit, options);
        if (SourceFiles.report(file, r.diagnostics(), err) || r.hasErrors()) {
            return 1;
        }
        if ("-".equals(output)) {
            err.println("paradjoint differentiate: --mode separable writes several files; give -o a folder");
            return Paradjoint.USAGE;
        }
        List<String> written = new ArrayList<>();
        try {
            for (GeneratedFile g : r.files()) {
                Path target = output == null ? Path.of(g.name())
                        : Path.of(output).resolve(Path.of(g.name()).getFileName());
                SourceFiles.write(target, g.text());
                written.add(target.toString());
            }
        } catch (IOException e) {
            err.println("error: cannot write: " + e.getMessage());
            return 1;
        }
        out.println("wrote " + String.join(", ", written));
        return 0;
    }
}
