package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.pipeline.Languages;

/**
 * A source parsed by the front-end of its language (C, or Fortran for {@code .f90} and the
 * like; C when the name says neither), with lookups by offset that the edits need.
 */
public record ParsedSource(String fileName, String text, ParseResult result) {

    public static ParsedSource parse(String fileName, String text) {
        return parse(fileName, text, Preprocessor.NONE);
    }

    /** With the user's include folders and macros (the workbench's preferences, or {@code -I} and {@code -D}). */
    public static ParsedSource parse(String fileName, String text, Preprocessor preprocessor) {
        return new ParsedSource(fileName, text, frontEnd(fileName, preprocessor).parse(fileName, text));
    }

    /**
     * Only what differentiating the file needs ({@link FrontEnd#parseFor}): its annotated functions
     * and what they call, so that what the rest of the file does is no error.
     */
    public static ParsedSource parseForDifferentiation(String fileName, String text, Preprocessor preprocessor) {
        return new ParsedSource(fileName, text, frontEnd(fileName, preprocessor).parseFor(fileName, text,
                java.util.Set.of()));
    }

    /** The front-end of the file's language (C when the name says none). */
    private static FrontEnd frontEnd(String fileName, Preprocessor preprocessor) {
        return Languages.forFile(fileName).map(l -> l.newFrontEnd(preprocessor))
                .orElseGet(() -> new CFrontEnd(preprocessor));
    }

    /** How annotations are written in this source. */
    public Dialect dialect() {
        return Languages.dialect(fileName);
    }

    public Optional<TranslationUnit> unit() {
        return Optional.ofNullable(result.unit());
    }

    /** The function whose definition contains {@code offset}. */
    public Optional<Function> functionAt(int offset) {
        return unit().flatMap(u -> u.functions().stream()
                .filter(f -> f.range().file().equals(fileName) && contains(f.range(), offset)).findFirst());
    }

    /** The loops around {@code offset}, outermost first. */
    public List<For> loopsAt(Function f, int offset) {
        List<For> out = new ArrayList<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof For loop && contains(loop.range(), offset)) {
                out.add(loop);
            }
        });
        return out;
    }

    /** The innermost OpenMP parallel loop around {@code offset}. */
    public Optional<For> parallelLoopAt(Function f, int offset) {
        List<For> loops = loopsAt(f, offset);
        for (int k = loops.size() - 1; k >= 0; k--) {
            if (loops.get(k).isParallel()) {
                return Optional.of(loops.get(k));
            }
        }
        return Optional.empty();
    }

    static boolean contains(SourceRange r, int offset) {
        return r != null && r.isKnown() && offset >= r.offset() && offset < r.offset() + r.length();
    }

    /** The source text of a range. */
    public String text(SourceRange r) {
        return text.substring(r.offset(), r.offset() + r.length());
    }
}
