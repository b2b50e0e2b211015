package org.paradjoint.core.annotation;

import java.util.Locale;

/**
 * What differs in how a source language writes annotations, as far as the grammar and its
 * messages care: how messages quote code and introduce an example, whether keywords ignore case,
 * which character continues a directive on the next line (skipped like white space), and the
 * language's name (for "not a C expression"). Everything else in a message about an annotation
 * reads the same in every language.
 */
public enum Spelling {
    /** {@code #pragma ad ...}: case matters, backslash continues the line, messages quote with backticks. */
    C(new Conventions('`', "#pragma ", false, '\\', "C", "[]", "a function definition", "a for loop",
            "omp parallel for")),
    /** {@code !$ad ...}: keywords in any case, {@code &} continues the line, messages quote with apostrophes. */
    FORTRAN(new Conventions('\'', "!$", true, '&', "Fortran", "()", "a subroutine", "a do loop",
            "omp parallel do"));

    /**
     * The quote of code in messages, the directive prefix of examples, case rule, continuation
     * character, name, the brackets of a subscript (for examples of {@code disjoint}), what a
     * function and a loop are called, and the OpenMP directive of a parallel loop.
     */
    private record Conventions(char quote, String directive, boolean caseInsensitive, char continuation,
            String language, String subscript, String function, String loop, String parallelLoop) {
    }

    private final Conventions conventions;

    Spelling(Conventions conventions) {
        this.conventions = conventions;
    }

    /** {@code code} quoted as messages of this language quote code. */
    public String quote(String code) {
        return conventions.quote() + code + conventions.quote();
    }

    /** The whole directive line for an annotation text ({@code ad gradient(y : x)}), as examples in messages show it. */
    public String line(String annotation) {
        return conventions.directive() + annotation;
    }

    /** An array element as examples in messages write it: {@code c[i]} in C, {@code c(i)} in Fortran. */
    public String element(String array, String index) {
        return array + conventions.subscript().charAt(0) + index + conventions.subscript().charAt(1);
    }

    /** What an annotation sits on, as messages name it: {@code a for loop}, {@code a do loop}, ... */
    public String describe(AnnotationSite site) {
        return switch (site) {
            case FUNCTION -> conventions.function();
            case LOOP -> conventions.loop();
            case ASSIGNMENT -> "an assignment";
            case OTHER -> "this statement";
        };
    }

    /** The OpenMP directive that makes a loop parallel, as written after the directive prefix. */
    public String parallelLoop() {
        return conventions.parallelLoop();
    }

    /** The language's name as messages write it. */
    public String language() {
        return conventions.language();
    }

    /** A keyword as the grammar compares it. */
    String keyword(String word) {
        return conventions.caseInsensitive() ? word.toLowerCase(Locale.ROOT) : word;
    }

    boolean skips(char c) {
        return c == conventions.continuation();
    }
}
