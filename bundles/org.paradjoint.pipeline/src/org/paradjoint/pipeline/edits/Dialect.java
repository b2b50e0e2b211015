package org.paradjoint.pipeline.edits;

import java.util.Locale;

import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.fortran.print.FortranPrinter;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.SourceLanguage;

/**
 * How annotations are written in a source language: C's {@code #pragma ad ...} lines, Fortran's
 * {@code !$ad ...} directives. The edits spell what they insert through this, and recognise the
 * directive lines that must stay next to the statement they precede.
 */
public enum Dialect {
    C("#pragma ad "), FORTRAN("!$ad ");

    private final String sentinel;

    Dialect(String sentinel) {
        this.sentinel = sentinel;
    }

    /** The dialect of a file, by its name ({@code .f90}, {@code .F90}, ... are Fortran; the rest C). */
    public static Dialect of(String fileName) {
        return Languages.forFile(fileName).map(SourceLanguage::language).map(Dialect::of).orElse(C);
    }

    public static Dialect of(Language language) {
        return language == Language.FORTRAN ? FORTRAN : C;
    }

    public Language language() {
        return this == FORTRAN ? Language.FORTRAN : Language.C;
    }

    /** The annotation line for {@code body}, e.g. {@code gradient(y : x)}. */
    public String annotation(String body) {
        return sentinel + body;
    }

    /** True for a (stripped) directive line: an OpenMP or {@code ad} pragma, or a Fortran sentinel line. */
    boolean isDirective(String strippedLine) {
        if (this == C) {
            return strippedLine.startsWith("#pragma") || strippedLine.startsWith("# pragma");
        }
        String l = strippedLine.toLowerCase(Locale.ROOT);
        return l.startsWith("!$omp") || l.startsWith("!$ad");
    }

    /** An expression as the language writes it (where its source text is not at hand). */
    String spell(Expr e) {
        return this == C ? CPrinter.print(e) : FortranPrinter.print(e);
    }
}
