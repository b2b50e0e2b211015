package org.paradjoint.core.annotation;

import java.util.Locale;

/**
 * What differs in how a source language writes annotations, as far as the grammar cares: how
 * messages quote code and introduce an example, whether keywords ignore case, and which character
 * continues a directive on the next line (skipped like white space).
 */
public enum Spelling {
    /** {@code #pragma ad ...}: case matters, backslash continues the line, messages quote with backticks. */
    C(new Conventions('`', "#pragma ", false, '\\')),
    /** {@code !$ad ...}: keywords in any case, {@code &} continues the line, messages quote with apostrophes. */
    FORTRAN(new Conventions('\'', "!$", true, '&'));

    /** The quote of code in messages, the directive prefix of examples, case rule and continuation character. */
    private record Conventions(char quote, String directive, boolean caseInsensitive, char continuation) {
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

    /** A keyword as the grammar compares it. */
    String keyword(String word) {
        return conventions.caseInsensitive() ? word.toLowerCase(Locale.ROOT) : word;
    }

    boolean skips(char c) {
        return c == conventions.continuation();
    }
}
