package org.paradjoint.core.ir;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One parsed source file: its functions, in source order. Not a record only because it keeps an
 * index by name: every call of a function body is looked up, and a real file has thousands of
 * functions.
 */
public final class TranslationUnit {

    public enum Language {
        C, FORTRAN
    }

    private final String file;
    private final Language language;
    private final List<Function> functions;
    private final Map<String, Function> byName = new HashMap<>();

    public TranslationUnit(String file, Language language, List<Function> functions) {
        this.file = file;
        this.language = language;
        this.functions = List.copyOf(functions);
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

    public List<Function> functions() {
        return functions;
    }

    public Optional<Function> function(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TranslationUnit u && Objects.equals(file, u.file) && language == u.language
                && functions.equals(u.functions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, language, functions);
    }

    @Override
    public String toString() {
        return "TranslationUnit[file=" + file + ", language=" + language + ", functions=" + functions + "]";
    }
}
