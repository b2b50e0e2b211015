package org.paradjoint.fortran;

import java.util.Locale;
import java.util.Set;

import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.fortran.internal.UnitParser;

/**
 * The Fortran front-end: free-form source ({@code .f90 .F90 .f95 .f03 .f08}) read by a
 * hand-written lexer and recursive-descent parser, mapped to the IR with
 * {@link org.paradjoint.core.ir.TranslationUnit.Language#FORTRAN}.
 * <p>
 * Arrays keep Fortran's view: subscripts in source order and numbering, {@code Dim(lower, extent)}
 * with the declared lower bound, layout {@link org.paradjoint.core.ir.Layout#COLUMN_MAJOR}.
 * Intrinsics are spelled the IR's (C) way ({@code abs} of a real is {@code fabs}, {@code max}
 * is {@code fmax}, {@code dble} is a cast, {@code x**2} is {@code pow(x, 2.0)}) so that the
 * transformations apply unchanged; {@code FortranPrinter} maps them back. {@code logical} values
 * are integers 0/1. Every construct outside this subset is an error diagnostic of the
 * problem catalogue ({@link org.paradjoint.core.diag.Problems}) with its position; the returned
 * unit holds the procedures that mapped without error, and no code may be generated when
 * {@link ParseResult#hasErrors()} is true.
 * <p>
 * Dummy arrays are assumed not to alias each other, which is also what Fortran requires of a
 * procedure that assigns one of them.
 */
public final class FortranFrontEnd implements FrontEnd {

    private static final Set<String> EXTENSIONS = Set.of("f90", "f95", "f03", "f08");

    @Override
    public boolean accepts(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot >= 0 && EXTENSIONS.contains(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    @Override
    public ParseResult parse(String fileName, String text) {
        return parseUnit(fileName, text).result();
    }

    /** The parse with what check drivers need beyond the IR (modules, assumed-shape dummies). */
    public FortranUnit parseUnit(String fileName, String text) {
        return UnitParser.parse(fileName, text);
    }
}
