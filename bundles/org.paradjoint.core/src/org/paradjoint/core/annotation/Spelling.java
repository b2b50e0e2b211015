package org.paradjoint.core.annotation;

import java.util.Locale;

/**
 * What differs in how a source language writes annotations, as far as the grammar cares: how
 * messages quote code and introduce an example, whether keywords ignore case, and which character
 * continues a directive on the next line (skipped like white space).
 */
public enum Spelling {
    /** {@code #pragma ad ...}: case matters, backslash continues the line, messages quote with backticks. */
    C('`', "#pragma ", false, '\\'),
    /** {@code !$ad ...}: keywords in any case, {@code &} continues the line, messages quote with apostrophes. */
    FORTRAN('\'', "!$", true, '&');

    private final char quote;
    private final String directive;
    private final boolean caseInsensitive;
    private final char continuation;

    Spelling(char quote, String directive, boolean caseInsensitive, char continuation) {
        this.quote = quote;
        this.directive = directive;
        this.caseInsensitive = caseInsensitive;
        this.continuation = continuation;
    }

    /** {@code code} quoted as messages of this language quote code. */
    public String quote(String code) {
        return quote + code + quote;
    }

    /** The whole directive line for an annotation text ({@code ad gradient(y : x)}), as examples in messages show it. */
    public String line(String annotation) {
        return directive + annotation;
    }

    /** A keyword as the grammar compares it. */
    String keyword(String word) {
        return caseInsensitive ? word.toLowerCase(Locale.ROOT) : word;
    }

    boolean skips(char c) {
        return c == continuation;
    }
}
