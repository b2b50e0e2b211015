package org.paradjoint.core.annotation;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.annotation.Annotation.Checkpoint;
import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.Annotation.Elemental;
import org.paradjoint.core.annotation.Annotation.Gradient;
import org.paradjoint.core.annotation.Annotation.Mapping;
import org.paradjoint.core.annotation.Annotation.Name;
import org.paradjoint.core.annotation.Annotation.Segment;
import org.paradjoint.core.annotation.Annotation.Separable;
import org.paradjoint.core.annotation.Annotation.Stencil;

/**
 * The annotation grammar, parsed once for every language: the text of a directive after its
 * language's prefix ({@code #pragma} in C, {@code !$} in Fortran), starting at the sentinel word.
 * That is {@code ad} followed by one of
 * <pre>
 *   gradient(deps : indeps)            tangent(deps : indeps)
 *   stencil adjoint(a : ab, ...) [strategy(split|guarded)]
 *   partially_separable(e1, e2, ...)   elemental
 *   disjoint(expr, ...)                checkpoint(binomial[, S])
 * </pre>
 * or one of ADIC2's {@code $adic_partiallyseparable, e1, e2} and {@code $adic_partialelemental}.
 * The result is an {@link Annotation}; an error is an {@link AnnotationException} whose
 * {@link AnnotationDiagnostic} is located in the text. Names are not resolved and the expressions
 * of {@code disjoint} are returned as text: both are the front-end's business.
 */
public final class AnnotationParser {

    private enum Kind {
        IDENT, NUMBER, PUNCT, END
    }

    private record Tok(Kind kind, String text, int offset) {
    }

    private final String text;
    private final Spelling spelling;
    private final List<Tok> toks = new ArrayList<>();
    private int pos;

    private AnnotationParser(String text, Spelling spelling) {
        this.text = text;
        this.spelling = spelling;
        tokenize();
    }

    /**
     * True when {@code text} (after the language's directive prefix) is meant for this grammar: its
     * first word is {@code ad} or starts with {@code $adic}. Such text is either an annotation or an error.
     */
    public static boolean isAnnotation(String text, Spelling spelling) {
        AnnotationParser p = new AnnotationParser(text, spelling);
        Tok first = p.peek();
        return p.is(first, "ad") || first.kind == Kind.IDENT && p.word(first).startsWith("$adic");
    }

    /**
     * Parses one annotation. {@code text} starts at {@code ad} or {@code $adic} (white space before
     * it is allowed) and runs to the end of the directive.
     *
     * @throws AnnotationException when the text is not a well-formed annotation, or not an annotation at all
     */
    public static Annotation parse(String text, Spelling spelling) {
        return new AnnotationParser(text, spelling).parse();
    }

    /**
     * The kind an annotation text names, looking only at its first words (the rest may be malformed,
     * as while the user types); null when it names none. Keywords are compared as written (case
     * matters): callers of a case-insensitive language pass the text in lower case.
     */
    public static AnnotationKind kindOf(String text) {
        AnnotationParser p = new AnnotationParser(text, Spelling.C);
        Tok first = p.next();
        if (p.is(first, "ad")) {
            Tok what = p.next();
            return switch (what.kind == Kind.IDENT ? what.text : "") {
                case "gradient" -> AnnotationKind.GRADIENT;
                case "tangent" -> AnnotationKind.TANGENT;
                case "stencil" -> AnnotationKind.STENCIL;
                case "partially_separable" -> AnnotationKind.PARTIALLY_SEPARABLE;
                case "elemental" -> AnnotationKind.ELEMENTAL;
                case "disjoint" -> AnnotationKind.DISJOINT;
                case "checkpoint" -> AnnotationKind.CHECKPOINT;
                default -> null;
            };
        }
        return switch (first.kind == Kind.IDENT ? first.text : "") {
            case "$adic_partiallyseparable" -> AnnotationKind.PARTIALLY_SEPARABLE;
            case "$adic_partialelemental" -> AnnotationKind.ELEMENTAL;
            default -> null;
        };
    }

    private Annotation parse() {
        Tok first = next();
        if (is(first, "ad")) {
            return ad();
        }
        if (first.kind == Kind.IDENT && word(first).startsWith("$adic")) {
            return adic(first);
        }
        throw error(first, "unknown-pragma.not-an-annotation", "ad", q("ad"), "adic", q("$adic_..."));
    }

    // ---- ad ---------------------------------------------------------------------------------

    private Annotation ad() {
        Tok what = next();
        switch (what.kind == Kind.IDENT ? word(what) : "") {
        case "gradient":
        case "tangent":
            return gradient(what);
        case "stencil":
            return stencil(what);
        case "partially_separable": {
            expect("(", "separable-open", "usage", q("ad partially_separable(e1, e2, ...)"));
            List<Name> names = names(")", "an elemental variable");
            expect(")", "separable-close", "close", q(")"));
            end(what);
            return new Separable(names, false);
        }
        case "elemental":
            end(what);
            return new Elemental(false);
        case "disjoint":
            return disjoint(what);
        case "checkpoint":
            return checkpoint(what);
        default:
            throw error(what.kind == Kind.END ? toks.get(0) : what, "unknown-pragma", "annotation",
                    q("ad" + (what.kind == Kind.END ? "" : " " + what.text)));
        }
    }

    private Gradient gradient(Tok what) {
        String kw = word(what);
        String example = q(spelling.line("ad " + kw + "(y : x)"));
        expect("(", "expected-after", "expected", q("("), "after", q("ad " + kw), "example", example);
        List<Name> deps = names(":", "a dependent variable");
        expect(":", "gradient-colon", "colon", q(":"), "example", example);
        List<Name> indeps = names(")", "an independent variable");
        expect(")", "gradient-close", "close", q(")"), "example", example);
        end(what);
        return new Gradient(kw.equals("tangent"), deps, indeps);
    }

    private Stencil stencil(Tok what) {
        String example = q(spelling.line("ad stencil adjoint(u:ub, v:vb) strategy(split)"));
        Tok adjoint = next();
        if (!is(adjoint, "adjoint")) {
            throw malformed(adjoint, "expected-after", "expected", q("adjoint"), "after", q("ad stencil"), "example",
                    example);
        }
        expect("(", "expected-after", "expected", q("("), "after", q("ad stencil adjoint"), "example", example);
        List<Mapping> mappings = new ArrayList<>();
        do {
            Name array = name("an array name");
            expect(":", "stencil-colon", "colon", q(":"), "example", example);
            Name adj = name("the adjoint name of " + q(array.text()));
            mappings.add(new Mapping(array, adj));
        } while (accept(","));
        expect(")", "stencil-list", "comma", q(","), "close", q(")"), "example", example);
        String strategy = null;
        if (accept("strategy")) {
            expect("(", "expected-after", "expected", q("("), "after", q("strategy"), "example", example);
            Tok s = next();
            if (!is(s, "split") && !is(s, "guarded")) {
                throw malformed(s, "strategy", "split", q("split"), "guarded", q("guarded"));
            }
            strategy = word(s);
            expect(")", "strategy-close", "close", q(")"));
        }
        end(what);
        return new Stencil(mappings, strategy);
    }

    /** {@code checkpoint(binomial)} or {@code checkpoint(binomial, S)}, S a positive literal or a name. */
    private Checkpoint checkpoint(Tok what) {
        String example = q(spelling.line("ad checkpoint(binomial, 8)"));
        expect("(", "expected-after", "expected", q("("), "after", q("ad checkpoint"), "example", example);
        expect("binomial", "checkpoint-scheme", "binomial", q("binomial"), "example", example);
        Name snapshots = null;
        if (accept(",")) {
            Tok s = next();
            boolean positive = s.kind == Kind.NUMBER && s.text.matches("[0-9]+") && !s.text.matches("0+");
            if (!positive && s.kind != Kind.IDENT) {
                throw malformed(s, "checkpoint-snapshots", "example", example, "found",
                        s.kind == Kind.END ? "nothing" : q(s.text));
            }
            snapshots = new Name(s.text, s.offset);
        }
        expect(")", "checkpoint-close", "close", q(")"), "example", example);
        end(what);
        return new Checkpoint(snapshots);
    }

    private Disjoint disjoint(Tok what) {
        Tok open = expect("(", "expected-after", "expected", q("("), "after", q("ad disjoint"), "example",
                q(spelling.line("ad disjoint(" + ci() + ", " + ci() + " + 7)")));
        List<Segment> parts = new ArrayList<>();
        int depth = 0;
        int segStart = open.offset + 1;
        int i = segStart;
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if ((c == ')' || c == ']') && depth > 0) {
                depth--;
            } else if (c == ')' || (c == ',' && depth == 0)) {
                parts.add(segment(segStart, i));
                segStart = i + 1;
                if (c == ')') {
                    break;
                }
            }
        }
        if (i >= text.length()) {
            throw malformed(toks.get(toks.size() - 1), "disjoint-unclosed", "close", q(")"), "open",
                    q("ad disjoint("));
        }
        while (pos < toks.size() - 1 && toks.get(pos).offset <= i) {
            pos++;
        }
        end(what);
        return new Disjoint(parts);
    }

    private Segment segment(int from, int to) {
        String s = text.substring(from, to);
        int lead = 0;
        while (lead < s.length() && Character.isWhitespace(s.charAt(lead))) {
            lead++;
        }
        String trimmed = s.strip();
        if (trimmed.isEmpty()) {
            throw new AnnotationException(new AnnotationDiagnostic("malformed-pragma.empty-expression", from,
                    to - from, List.of("construct", q("ad disjoint"), "example",
                            q(spelling.line("ad disjoint(" + ci() + ")")))));
        }
        return new Segment(trimmed, from + lead);
    }

    // ---- ADIC2 ------------------------------------------------------------------------------

    private Annotation adic(Tok first) {
        switch (word(first)) {
        case "$adic_partiallyseparable": {
            List<Name> names = new ArrayList<>();
            while (accept(",")) {
                names.add(name("an elemental variable"));
            }
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "adic-comma", "comma", q(", name"), "example",
                        q("$adic_partiallyseparable, a, b"));
            }
            if (names.isEmpty()) {
                throw malformed(first, "adic-empty", "annotation", q("$adic_partiallyseparable"), "example",
                        q(spelling.line("$adic_partiallyseparable, fquad, flin")));
            }
            return new Separable(names, true);
        }
        case "$adic_partialelemental":
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "adic-extra", "annotation", q("$adic_partialelemental"));
            }
            return new Elemental(true);
        default:
            throw error(first, "unknown-pragma.adic", "annotation", q(first.text), "separable",
                    q("$adic_partiallyseparable, ..."), "elemental", q("$adic_partialelemental"));
        }
    }

    // ---- tokens -----------------------------------------------------------------------------

    private List<Name> names(String terminator, String what) {
        List<Name> names = new ArrayList<>();
        if (is(peek(), terminator)) {
            throw malformed(peek(), "names-before", "what", what, "terminator", q(terminator));
        }
        do {
            names.add(name(what));
        } while (accept(","));
        return names;
    }

    private Name name(String what) {
        Tok t = next();
        if (t.kind != Kind.IDENT) {
            throw t.kind == Kind.END ? malformed(t, "name-at-end", "what", what)
                    : malformed(t, "name-found", "what", what, "found", q(t.text));
        }
        // a member of a struct parameter, g->u (C): one name, as the front-end declares it
        String name = t.text;
        while (is(peek(), "->") && toks.get(pos + 1).kind == Kind.IDENT) {
            next();
            name += "->" + next().text;
        }
        return new Name(name, t.offset);
    }

    /** The element of the examples of {@code ad disjoint}, in the language's subscript syntax. */
    private String ci() {
        return spelling.element("c", "i");
    }

    private String q(String code) {
        return spelling.quote(code);
    }

    /** The token's text as keywords are compared (lower case where the language ignores case). */
    private String word(Tok t) {
        return spelling.keyword(t.text);
    }

    private boolean is(Tok t, String s) {
        return t.kind != Kind.END && word(t).equals(s);
    }

    private Tok peek() {
        return toks.get(pos);
    }

    private Tok next() {
        Tok t = toks.get(pos);
        if (t.kind != Kind.END) {
            pos++;
        }
        return t;
    }

    private boolean accept(String s) {
        if (is(peek(), s)) {
            pos++;
            return true;
        }
        return false;
    }

    /**
     * The token {@code s}; otherwise catalogue error {@code malformed-pragma.ID} with
     * {@code arguments}, or its variant {@code ID-found} naming the token found instead.
     */
    private Tok expect(String s, String id, Object... arguments) {
        Tok t = peek();
        if (!is(t, s)) {
            if (t.kind == Kind.END) {
                throw malformed(t, id, arguments);
            }
            List<Object> withFound = new ArrayList<>(List.of(arguments));
            withFound.addAll(List.of("found", q(t.text)));
            throw malformed(t, id + "-found", withFound.toArray());
        }
        pos++;
        return t;
    }

    private void end(Tok what) {
        if (peek().kind != Kind.END) {
            throw malformed(peek(), "unexpected-after", "token", q(peek().text), "annotation",
                    q("ad " + word(what) + "(...)"));
        }
    }

    /** Catalogue error {@code malformed-pragma.ID} at {@code at}, of the construct being parsed. */
    private AnnotationException malformed(Tok at, String id, Object... arguments) {
        Tok first = toks.get(0);
        String construct = is(first, "ad") && toks.get(1).kind == Kind.IDENT ? "ad " + word(toks.get(1)) : first.text;
        List<Object> all = new ArrayList<>(List.of("construct", q(construct)));
        all.addAll(List.of(arguments));
        return error(at, "malformed-pragma." + id, all.toArray());
    }

    private AnnotationException error(Tok at, String id, Object... arguments) {
        int length = at.kind == Kind.END ? 0 : at.text.length();
        return new AnnotationException(new AnnotationDiagnostic(id, at.offset, length, List.of(arguments)));
    }

    private void tokenize() {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || spelling.skips(c)) {
                i++;
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_'
                        || text.charAt(j) == '$')) {
                    j++;
                }
                toks.add(new Tok(Kind.IDENT, text.substring(i, j), i));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.')) {
                    j++;
                }
                toks.add(new Tok(Kind.NUMBER, text.substring(i, j), i));
                i = j;
            } else if ((c == '&' || c == '|') && i + 1 < n && text.charAt(i + 1) == c
                    || c == '-' && i + 1 < n && text.charAt(i + 1) == '>') {
                toks.add(new Tok(Kind.PUNCT, text.substring(i, i + 2), i));
                i += 2;
            } else {
                toks.add(new Tok(Kind.PUNCT, String.valueOf(c), i));
                i++;
            }
        }
        int endOffset = text.stripTrailing().length();
        for (int k = 0; k < 3; k++) {
            toks.add(new Tok(Kind.END, "", endOffset));
        }
    }
}
