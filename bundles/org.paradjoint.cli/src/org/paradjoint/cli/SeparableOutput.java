package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
            boolean force, PrintStream out, PrintStream err) {
        DerivativeGenerator separable = Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT).orElseThrow();
        GeneratedFile g = separable.generate(unit, file, function, settings);
        if (SourceFiles.report(file, g.diagnostics(), err) || g.hasErrors()) {
            return 1;
        }
        if ("-".equals(output)) {
            err.println("paradjoint differentiate: --mode separable writes several files; give -o a folder");
            return Paradjoint.USAGE;
        }
        Map<Path, String> files = new LinkedHashMap<>();
        files.put(target(g.path(), output), g.text());
        g.companions().forEach(c -> files.put(target(c.path(), output), c.text()));
        for (Path t : files.keySet()) {
            if (SourceFiles.sameFile(file, t)) {
                err.println("paradjoint differentiate: refusing to overwrite the source " + file + " with " + t
                        + "; give -o another folder");
                return Paradjoint.USAGE;
            }
        }
        if (!SourceFiles.mayWrite(List.copyOf(files.keySet()), force, err)) {
            return 1;
        }
        List<String> written = new ArrayList<>();
        try {
            for (Map.Entry<Path, String> f : files.entrySet()) {
                SourceFiles.write(f.getKey(), f.getValue());
                written.add(f.getKey().toString());
            }
        } catch (IOException e) {
            err.println("error: cannot write: " + e.getMessage());
            return 1;
        }
        out.println("wrote " + String.join(", ", written));
        return 0;
    }

    /** Next to the source, or in the folder {@code output}. */
    private static Path target(String path, String output) {
        return output == null ? Path.of(path) : Path.of(output).resolve(Path.of(path).getFileName());
    }
}
