package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;

import org.paradjoint.core.annotation.AnnotationKind;
import org.paradjoint.core.annotation.AnnotationParser;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.core.ir.TranslationUnit.Language;

/**
 * A cheap look at which {@code ad} annotations a source carries, without parsing the source: the
 * dialect finds the annotation lines and core's annotation grammar names each one's kind. Menus
 * ask this on the UI thread every time they open. The scope of a caret is the top-level declaration
 * around it (a C function with the pragmas just before it, a Fortran procedure with the
 * {@code !$ad} lines before it); the whole file otherwise.
 */
public final class PragmaScan {

    /** A pragma at {@code offset}. */
    private record Found(int offset, Annotation kind) {
    }

    private final List<Found> pragmas = new ArrayList<>();
    private final List<int[]> declarations;

    private PragmaScan(Dialect dialect, String text) {
        Matcher m = dialect.annotationLine().matcher(text);
        while (m.find()) {
            Annotation a = kind(AnnotationParser.kindOf(dialect.annotationWord(m)));
            if (a != null) {
                pragmas.add(new Found(m.start(), a));
            }
        }
        declarations = dialect.declarations(text);
    }

    /** A C source. */
    public static PragmaScan of(String text) {
        return of(Languages.dialect(Language.C), text);
    }

    public static PragmaScan of(Dialect dialect, String text) {
        return new PragmaScan(dialect, text);
    }

    /** True when the C file contains any {@code ad} annotation (worth validating). */
    public static boolean mentionsAd(String text) {
        return mentionsAd(Languages.dialect(Language.C), text);
    }

    public static boolean mentionsAd(Dialect dialect, String text) {
        return dialect.annotationLine().matcher(text).find();
    }

    /** Every kind in the file. */
    public Set<Annotation> all() {
        Set<Annotation> out = EnumSet.noneOf(Annotation.class);
        pragmas.forEach(p -> out.add(p.kind()));
        return out;
    }

    /** The kinds in the top-level declaration around {@code offset} (with the pragmas before it). */
    public Set<Annotation> at(int offset) {
        int[] decl = TopLevel.around(declarations, offset);
        if (decl == null) {
            return EnumSet.noneOf(Annotation.class);
        }
        Set<Annotation> out = EnumSet.noneOf(Annotation.class);
        for (Found p : pragmas) {
            if (p.offset() >= decl[0] && p.offset() < decl[1]) {
                out.add(p.kind());
            }
        }
        return out;
    }

    /** The workbench's name for a kind the annotation grammar found; null for none. */
    private static Annotation kind(AnnotationKind kind) {
        if (kind == null) {
            return null;
        }
        return switch (kind) {
            case GRADIENT -> Annotation.GRADIENT;
            case TANGENT -> Annotation.TANGENT;
            case STENCIL -> Annotation.STENCIL;
            case PARTIALLY_SEPARABLE -> Annotation.PARTIALLY_SEPARABLE;
            case ELEMENTAL -> Annotation.ELEMENTAL;
            case DISJOINT -> Annotation.DISJOINT;
            case CHECKPOINT -> Annotation.CHECKPOINT;
        };
    }
}
