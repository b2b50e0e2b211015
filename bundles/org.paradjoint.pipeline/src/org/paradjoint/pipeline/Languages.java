package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.pipeline.edits.Dialect;

/** The registry of the languages Paradjoint reads: the one place that maps a file or a unit to its language. */
public final class Languages {

    private static final List<SourceLanguage> ALL = List.of(new CLanguage(), new FortranLanguage(),
            new KokkosLanguage());

    private Languages() {
    }

    public static List<SourceLanguage> all() {
        return ALL;
    }

    /** The language of {@code fileName}, if Paradjoint reads it. */
    public static Optional<SourceLanguage> forFile(String fileName) {
        if (fileName == null) {
            return Optional.empty();
        }
        return ALL.stream().filter(l -> l.reads(fileName)).findFirst();
    }

    /** The language a unit was written in. */
    public static SourceLanguage of(TranslationUnit unit) {
        return of(unit.language());
    }

    public static SourceLanguage of(Language language) {
        return ALL.stream().filter(l -> l.language() == language).findFirst()
                .orElseThrow(() -> new IllegalStateException("no language registered for " + language));
    }

    /** How annotations are written in {@code fileName}; C's way when Paradjoint does not read such files. */
    public static Dialect dialect(String fileName) {
        return forFile(fileName).orElseGet(() -> of(Language.C)).dialect();
    }

    public static Dialect dialect(Language language) {
        return of(language).dialect();
    }

    public static boolean isSource(String fileName) {
        return forFile(fileName).isPresent();
    }

    /** For messages: {@code C (.c, .h), Fortran (.f90, .f95, .f03, .f08)}. */
    public static String describe() {
        return ALL.stream().map(l -> l.displayName() + " (" + String.join(", ", l.extensions()) + ")")
                .collect(Collectors.joining(", "));
    }
}
