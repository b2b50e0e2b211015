package org.paradjoint.launch.generate;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.fortran.FortranFrontEnd;

/**
 * The front-end of a source file, chosen by its name as the command line chooses it: C for
 * {@code .c} and {@code .h}, free-form Fortran for {@code .f90}, {@code .F90}, {@code .f95},
 * {@code .f03} and {@code .f08}. A fresh front-end per call: parsing may run in several jobs at once.
 */
public final class FrontEnds {

    /** {@code names} answers which files the front-end reads; {@code create} makes one to parse with. */
    private record Entry(Language language, FrontEnd names, Supplier<FrontEnd> create) {
    }

    private static final List<Entry> ALL = List.of(new Entry(Language.C, new CFrontEnd(), CFrontEnd::new),
            new Entry(Language.FORTRAN, new FortranFrontEnd(), FortranFrontEnd::new));

    private FrontEnds() {
    }

    /** The front-end that reads {@code fileName}, if any. */
    public static Optional<FrontEnd> forFile(String fileName) {
        return entry(fileName).map(e -> e.create().get());
    }

    /** The language of {@code fileName}, if Paradjoint reads it. */
    public static Optional<Language> languageOf(String fileName) {
        return entry(fileName).map(Entry::language);
    }

    public static boolean isSource(String fileName) {
        return entry(fileName).isPresent();
    }

    private static Optional<Entry> entry(String fileName) {
        if (fileName == null) {
            return Optional.empty();
        }
        return ALL.stream().filter(e -> e.names().accepts(fileName)).findFirst();
    }
}
