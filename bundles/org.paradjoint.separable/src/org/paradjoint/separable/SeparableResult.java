package org.paradjoint.separable;

import java.util.List;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostic;

/**
 * The outcome of the separable transformation: the generated files (none when there is an
 * error: no partial output), what was generated per function, and the diagnostics. The files
 * are the C source ({@code x_ps.c}), its header of prototypes ({@code x_ps.h}) and the support
 * file both include ({@code paradjoint_ps.h}); for a Fortran source, a fourth file is the module of
 * {@code bind(C)} interfaces ({@code x_ps_mod.f90}). All belong in the folder of the source.
 */
public record SeparableResult(List<GeneratedFile> files, List<SeparableFunction> functions,
        List<Diagnostic> diagnostics) {

    public SeparableResult {
        files = List.copyOf(files);
        functions = List.copyOf(functions);
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return files.isEmpty() || diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    public Optional<GeneratedFile> file(String name) {
        return files.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The generated C source ({@code x_ps.c}). */
    public GeneratedFile source() {
        return files.get(0);
    }

    public GeneratedFile header() {
        return files.get(1);
    }

    public GeneratedFile support() {
        return files.get(2);
    }

    /** The module of {@code bind(C)} interfaces ({@code x_ps_mod.f90}); present for Fortran sources. */
    public Optional<GeneratedFile> interfaceModule() {
        return files.size() > 3 ? Optional.of(files.get(3)) : Optional.empty();
    }

    public Optional<SeparableFunction> function(String primal) {
        return functions.stream().filter(f -> f.primal().equals(primal)).findFirst();
    }
}
