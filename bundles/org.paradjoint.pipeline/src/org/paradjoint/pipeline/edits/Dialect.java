package org.paradjoint.pipeline.edits;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.TranslationUnit.Language;

/**
 * How annotations and directives are written in a source language, as the edits and scanners
 * need it: C's {@code #pragma ad ...} lines, Fortran's {@code !$ad ...} directives. Each
 * {@code SourceLanguage} supplies its dialect as data ({@code Languages.dialect} finds it); nothing
 * here branches on the language.
 */
public final class Dialect {

    private final Language language;
    private final String sentinel;
    private final Pattern annotationLine;
    private final Function<Matcher, String> annotationWord;
    private final Predicate<String> directive;
    private final Function<String, List<int[]>> declarations;
    private final Function<Expr, String> speller;
    private final BiFunction<String, String, String> reductionClause;

    /**
     * @param sentinel what starts an annotation line, with its trailing space
     * @param annotationLine finds annotation lines (multi-line mode)
     * @param annotationWord the annotation text of a match (from {@code ad} or {@code $adic} to the end of the
     *            line), which the core grammar reads for its kind
     * @param directive true for a stripped line that is a directive of this language (OpenMP or annotation)
     * @param declarations the offset ranges of the top-level declarations of a text
     * @param speller an expression in this language, where its source text is not at hand
     * @param reductionClause the reduction clause of an adjoint array and its number of elements; null when
     *            the language has none
     */
    public Dialect(Language language, String sentinel, Pattern annotationLine, Function<Matcher, String> annotationWord,
            Predicate<String> directive, Function<String, List<int[]>> declarations, Function<Expr, String> speller,
            BiFunction<String, String, String> reductionClause) {
        this.language = language;
        this.sentinel = sentinel;
        this.annotationLine = annotationLine;
        this.annotationWord = annotationWord;
        this.directive = directive;
        this.declarations = declarations;
        this.speller = speller;
        this.reductionClause = reductionClause;
    }

    public Language language() {
        return language;
    }

    /** The annotation line for {@code body}, e.g. {@code gradient(y : x)}. */
    public String annotation(String body) {
        return sentinel + body;
    }

    /**
     * The reduction clause of the adjoint array section {@code array} ({@code xb}) of {@code length}
     * elements; empty where the language's parallel loops take no such clause (Kokkos kernels).
     */
    public java.util.Optional<String> reductionClause(String array, String length) {
        return reductionClause == null ? java.util.Optional.empty()
                : java.util.Optional.of(reductionClause.apply(array, length));
    }

    /** True for a (stripped) directive line: an OpenMP or {@code ad} pragma, or a Fortran sentinel line. */
    boolean isDirective(String strippedLine) {
        return directive.test(strippedLine);
    }

    /** An expression as the language writes it (where its source text is not at hand). */
    String spell(Expr e) {
        return speller.apply(e);
    }

    Pattern annotationLine() {
        return annotationLine;
    }

    String annotationWord(Matcher m) {
        return annotationWord.apply(m);
    }

    List<int[]> declarations(String text) {
        return declarations.apply(text);
    }

    @Override
    public String toString() {
        return language.toString();
    }
}
