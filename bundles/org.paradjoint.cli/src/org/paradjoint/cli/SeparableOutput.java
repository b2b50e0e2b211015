package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * {@code paradjoint differentiate --mode separable}: the compressed sparse gradient {@code f_grad_ps}
 * ({@code x_ps.c}, {@code x_ps.h}, {@code paradjoint_ps.h}); for a Fortran source also the module of
 * {@code bind(C)} interfaces {@code x_ps_mod.f90} through which Fortran code calls the C.
 */
final class SeparableOutput {

    private SeparableOutput() {
    }

    static int write(TranslationUnit unit, String file, String function, List<String> independents, String suffix,
            String output, PrintStream out, PrintStream err) {
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
