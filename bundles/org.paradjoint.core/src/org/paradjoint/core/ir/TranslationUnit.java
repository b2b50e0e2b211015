package org.paradjoint.core.ir;

import java.util.List;
import java.util.Optional;

/** One parsed source file: its functions, in source order. */
public record TranslationUnit(String file, Language language, List<Function> functions) {

    public enum Language {
        C, FORTRAN
    }

    public TranslationUnit {
        functions = List.copyOf(functions);
    }

    public Optional<Function> function(String name) {
        return functions.stream().filter(f -> f.name().equals(name)).findFirst();
    }
}
