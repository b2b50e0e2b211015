package org.paradjoint.core.ir;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;

/**
 * One parsed source file: its functions, in source order. Not a record only because it keeps an
 * index by name: every call of a function body is looked up, and a real file has thousands of
 * functions.
 * <p>
 * A front-end may map only the functions a command needs (see
 * {@link org.paradjoint.core.frontend.FrontEnd#parseFor}); {@link #definitions()} still names every
 * function the file defines, so that generated names never clash with one that was not mapped.
 */
public final class TranslationUnit {

    public enum Language {
        C, FORTRAN,
        /** C++ with Kokkos: Views as arrays, kernels as parallel loops (see the Kokkos front-end). */
        KOKKOS
    }

    /** A function the file defines, mapped or not: its name and where it is written. */
    public record Definition(String name, SourceRange range) {
    }

    private final String file;
    private final Language language;
    private final List<Function> functions;
    private final List<Definition> definitions;
    private final Map<String, Function> byName = new HashMap<>();

    /** A unit whose every definition is mapped. */
    public TranslationUnit(String file, Language language, List<Function> functions) {
        this(file, language, functions, functions.stream().map(f -> new Definition(f.name(), f.range())).toList());
    }

    /** {@code definitions}: every function the file defines, including those not in {@code functions}. */
    public TranslationUnit(String file, Language language, List<Function> functions, List<Definition> definitions) {
        this.file = file;
        this.language = language;
        this.functions = List.copyOf(functions);
        this.definitions = List.copyOf(definitions);
        for (Function f : this.functions) {
            byName.putIfAbsent(f.name(), f); // the first definition, as a linear search found it
        }
    }

    public String file() {
        return file;
    }

    public Language language() {
        return language;
    }

    /** The mapped functions. */
    public List<Function> functions() {
        return functions;
    }

    /** Every function the file defines, mapped or not, in source order. */
    public List<Definition> definitions() {
        return definitions;
    }

    public Optional<Function> function(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TranslationUnit u && Objects.equals(file, u.file) && language == u.language
                && functions.equals(u.functions) && definitions.equals(u.definitions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, language, functions, definitions);
    }

    @Override
    public String toString() {
        return "TranslationUnit[file=" + file + ", language=" + language + ", functions=" + functions + "]";
    }
}
