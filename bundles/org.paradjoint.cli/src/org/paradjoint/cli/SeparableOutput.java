package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.Generators;

/**
 * {@code paradjoint differentiate --mode separable}: the compressed sparse gradient {@code f_grad_ps}
 * ({@code x_ps.c}, {@code x_ps.h}, {@code paradjoint_ps.h}); for a Fortran source also the module of
 * {@code bind(C)} interfaces {@code x_ps_mod.f90} through which Fortran code calls the C. The same
 * generator as the workbench's "Partially Separable Gradient" entry.
 */
final class SeparableOutput {

    private SeparableOutput() {
    }

    static int write(TranslationUnit unit, String file, String function, GenerationSettings settings, String output,
            PrintStream out, PrintStream err) {
        DerivativeGenerator separable = Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT).orElseThrow();
        GeneratedFile g = separable.generate(unit, file, function, settings);
        if (SourceFiles.report(file, g.diagnostics(), err) || g.hasErrors()) {
            return 1;
        }
        if ("-".equals(output)) {
            err.println("paradjoint differentiate: --mode separable writes several files; give -o a folder");
            return Paradjoint.USAGE;
        }
        List<String> written = new ArrayList<>();
        try {
            written.add(write(g.path(), g.text(), output));
            for (GeneratedFile.Companion c : g.companions()) {
                written.add(write(c.path(), c.text(), output));
            }
        } catch (IOException e) {
            err.println("error: cannot write: " + e.getMessage());
            return 1;
        }
        out.println("wrote " + String.join(", ", written));
        return 0;
    }

    /** Writes next to the source, or into the folder {@code output}; returns the path written. */
    private static String write(String path, String text, String output) throws IOException {
        Path target = output == null ? Path.of(path) : Path.of(output).resolve(Path.of(path).getFileName());
        SourceFiles.write(target, text);
        return target.toString();
    }
}
