package org.paradjoint.core.annotation;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.Annotation.Elemental;
import org.paradjoint.core.annotation.Annotation.Gradient;
import org.paradjoint.core.annotation.Annotation.Mapping;
import org.paradjoint.core.annotation.Annotation.Name;
import org.paradjoint.core.annotation.Annotation.Segment;
import org.paradjoint.core.annotation.Annotation.Separable;
import org.paradjoint.core.annotation.Annotation.Stencil;
import org.paradjoint.core.annotation.AnnotationDiagnostic.Problem;

/**
 * The annotation grammar, parsed once for every language: the text of a directive after its
 * language's prefix ({@code #pragma} in C, {@code !$} in Fortran), starting at the sentinel word.
 * That is {@code ad} followed by one of
 * <pre>
 *   gradient(deps : indeps)            tangent(deps : indeps)
 *   stencil adjoint(a : ab, ...) [strategy(split|guarded)]
 *   partially_separable(e1, e2, ...)   elemental
 *   disjoint(expr, ...)
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

    private static final String KINDS = "gradient, tangent, stencil adjoint, partially_separable, elemental, disjoint";

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
        throw error(Problem.UNKNOWN, first, "not an annotation: expected " + q("ad") + " or " + q("$adic_..."));
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
            expect("(", q("ad partially_separable(e1, e2, ...)") + " lists the elemental variables in parentheses");
            List<Name> names = names(")", "an elemental variable");
            expect(")", "expected " + q(")") + " after the elementals");
            end(what);
            return new Separable(names, false);
        }
        case "elemental":
            end(what);
            return new Elemental(false);
        case "disjoint":
            return disjoint(what);
        default:
            throw error(Problem.UNKNOWN, what.kind == Kind.END ? toks.get(0) : what,
                    "unknown annotation " + q("ad" + (what.kind == Kind.END ? "" : " " + what.text))
                            + "; expected one of " + KINDS);
        }
    }

    private Gradient gradient(Tok what) {
        String kw = word(what);
        String usage = "as in " + q(spelling.line("ad " + kw + "(y : x)"));
        expect("(", "expected " + q("(") + " after " + q("ad " + kw) + ", " + usage);
        List<Name> deps = names(":", "a dependent variable");
        expect(":", "expected " + q(":") + " between the dependents and the independents, " + usage);
        List<Name> indeps = names(")", "an independent variable");
        expect(")", "expected " + q(")") + " after the independents, " + usage);
        end(what);
        return new Gradient(kw.equals("tangent"), deps, indeps);
    }

    private Stencil stencil(Tok what) {
        String usage = "as in " + q(spelling.line("ad stencil adjoint(u:ub, v:vb) strategy(split)"));
        Tok adjoint = next();
        if (!is(adjoint, "adjoint")) {
            throw malformed(adjoint, "expected " + q("adjoint") + " after " + q("ad stencil") + ", " + usage);
        }
        expect("(", "expected " + q("(") + " after " + q("ad stencil adjoint") + ", " + usage);
        List<Mapping> mappings = new ArrayList<>();
        do {
            Name array = name("an array name");
            expect(":", "expected " + q(":") + " between an array and its adjoint name, " + usage);
            Name adj = name("the adjoint name of " + q(array.text()));
            mappings.add(new Mapping(array, adj));
        } while (accept(","));
        expect(")", "expected " + q(",") + " or " + q(")") + " in the array:adjoint list, " + usage);
        String strategy = null;
        if (accept("strategy")) {
            expect("(", "expected " + q("(") + " after " + q("strategy") + ", " + usage);
            Tok s = next();
            if (!is(s, "split") && !is(s, "guarded")) {
                throw malformed(s, "strategy must be " + q("split") + " or " + q("guarded"));
            }
            strategy = word(s);
            expect(")", "expected " + q(")") + " after the strategy");
        }
        end(what);
        return new Stencil(mappings, strategy);
    }

    private Disjoint disjoint(Tok what) {
        Tok open = expect("(", "expected " + q("(") + " after " + q("ad disjoint") + ", as in "
                + q(spelling.line("ad disjoint(" + ci() + ", " + ci() + " + 7)")));
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
            throw malformed(toks.get(toks.size() - 1), "expected " + q(")") + " to close " + q("ad disjoint("));
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
            throw new AnnotationException(new AnnotationDiagnostic(Problem.MALFORMED, from, to - from,
                    "malformed " + q("ad disjoint") + ": empty expression; list index expressions, as in "
                            + q(spelling.line("ad disjoint(" + ci() + ")"))));
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
                throw malformed(peek(), "expected " + q(", name") + " in " + q("$adic_partiallyseparable, a, b"));
            }
            if (names.isEmpty()) {
                throw malformed(first, q("$adic_partiallyseparable") + " must list the elementals, as in "
                        + q(spelling.line("$adic_partiallyseparable, fquad, flin")));
            }
            return new Separable(names, true);
        }
        case "$adic_partialelemental":
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "unexpected text after " + q("$adic_partialelemental"));
            }
            return new Elemental(true);
        default:
            throw error(Problem.UNKNOWN, first, "unknown ADIC annotation " + q(first.text) + "; only "
                    + q("$adic_partiallyseparable, ...") + " and " + q("$adic_partialelemental") + " are supported");
        }
    }

    // ---- tokens -----------------------------------------------------------------------------

    private List<Name> names(String terminator, String what) {
        List<Name> names = new ArrayList<>();
        if (is(peek(), terminator)) {
            throw malformed(peek(), "expected " + what + " before " + q(terminator));
        }
        do {
            names.add(name(what));
        } while (accept(","));
        return names;
    }

    private Name name(String what) {
        Tok t = next();
        if (t.kind != Kind.IDENT) {
            throw malformed(t, "expected " + what + (t.kind == Kind.END ? " at the end" : ", found " + q(t.text)));
        }
        return new Name(t.text, t.offset);
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

    private Tok expect(String s, String message) {
        Tok t = peek();
        if (!is(t, s)) {
            throw malformed(t, message + (t.kind == Kind.END ? "" : " (found " + q(t.text) + ")"));
        }
        pos++;
        return t;
    }

    private void end(Tok what) {
        if (peek().kind != Kind.END) {
            throw malformed(peek(), "unexpected " + q(peek().text) + " after " + q("ad " + word(what) + "(...)"));
        }
    }

    private AnnotationException malformed(Tok at, String message) {
        Tok first = toks.get(0);
        String construct = is(first, "ad") && toks.get(1).kind == Kind.IDENT ? "ad " + word(toks.get(1)) : first.text;
        return error(Problem.MALFORMED, at, "malformed " + q(construct) + ": " + message);
    }

    private AnnotationException error(Problem problem, Tok at, String message) {
        int length = at.kind == Kind.END ? 0 : at.text.length();
        return new AnnotationException(new AnnotationDiagnostic(problem, at.offset, length, message));
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
            } else if ((c == '&' || c == '|') && i + 1 < n && text.charAt(i + 1) == c) {
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
