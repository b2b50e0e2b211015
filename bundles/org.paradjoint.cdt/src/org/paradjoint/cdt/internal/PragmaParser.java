package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.cdt.internal.PragmaSyntax.Ad;
import org.paradjoint.cdt.internal.PragmaSyntax.Name;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Reduction;
import org.paradjoint.core.annotation.AnnotationDiagnostic;
import org.paradjoint.core.annotation.AnnotationException;
import org.paradjoint.core.annotation.AnnotationParser;
import org.paradjoint.core.annotation.Spelling;
import org.paradjoint.core.diag.UnsupportedException;

/**
 * Parses the text of one pragma: OpenMP directives ({@code parallel for}, {@code parallel}, {@code for},
 * {@code barrier}, {@code single}, {@code master}, {@code masked}, {@code critical}, {@code atomic})
 * with their clauses here, and through
 * core's annotation grammar ({@link AnnotationParser}) the {@code ad} annotation language and
 * ADIC2's {@code $adic_partiallyseparable, a, b} and {@code $adic_partialelemental}. Anything else
 * that starts with {@code ad}, {@code $adic} or {@code omp} is a located error; other pragmas are
 * not ours (null).
 */
final class PragmaParser {
    private static final Set<String> OMP_KNOWN_CLAUSES = Set.of("lastprivate", "num_threads", "if", "ordered",
            "proc_bind", "copyin", "linear", "allocate", "order", "copyprivate");
    private static final Set<String> REDUCTION_OPS = Set.of("+", "-", "*", "&", "|", "^", "&&", "||", "max", "min");

    private enum Kind {
        IDENT, NUMBER, PUNCT, END
    }

    private record Tok(Kind kind, String text, int offset) {
        boolean is(String s) {
            return kind != Kind.END && text.equals(s);
        }
    }

    private final SourceText src;
    private final String text;
    private final int base;
    private final List<Tok> toks = new ArrayList<>();
    private int pos;

    /** {@code body} is the text after {@code #pragma}; {@code bodyOffset} where it starts in the file. */
    private PragmaParser(SourceText src, String body, int bodyOffset) {
        this.src = src;
        this.text = body;
        this.base = bodyOffset;
        tokenize();
    }

    /** The parsed content ({@link Ad} or {@link Omp}), or null for a pragma that is not ours. */
    static Object parse(SourceText src, String body, int bodyOffset) {
        return new PragmaParser(src, body, bodyOffset).parse();
    }

    private Object parse() {
        Tok first = peek();
        if (first.is("omp")) {
            next();
            return omp();
        }
        if (AnnotationParser.isAnnotation(text, Spelling.C)) {
            try {
                return new Ad(AnnotationParser.parse(text, Spelling.C), base);
            } catch (AnnotationException e) {
                AnnotationDiagnostic d = e.diagnostic();
                throw new UnsupportedException(d.at(src.range(base + d.offset(), d.length())));
            }
        }
        return null;
    }

    // ---- omp --------------------------------------------------------------------------------

    private Omp omp() {
        Omp.Directive directive = directive();
        if (directive == null) {
            throw unsupportedOmp();
        }
        if (directive == Omp.Directive.CRITICAL && accept("(")) {
            Name name = name("the name of the critical section");
            expect(")", "expected `)` after the name of the critical section");
            return Omp.bare(directive, name.text());
        }
        if (directive == Omp.Directive.ATOMIC) {
            String form = "update";
            for (String f : List.of("update", "read", "write", "capture")) {
                if (accept(f)) {
                    form = f;
                    break;
                }
            }
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "`omp atomic " + form + "` takes no clause here");
            }
            return Omp.bare(directive, form);
        }
        if (directive == Omp.Directive.ORDERED) {
            // threads is the default; depend/doacross (cross-iteration dependences) and simd are not read
            accept("threads");
            if (peek().kind != Kind.END) {
                throw error("unsupported-omp.ordered-clause", peek(), "clause", peek().text);
            }
            return Omp.bare(directive, null);
        }
        if (!directive.hasClauses()) {
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "`omp " + directive.spelling + "` takes no clause here");
            }
            return Omp.bare(directive, null);
        }
        List<Name> privates = new ArrayList<>();
        List<Name> firstprivates = new ArrayList<>();
        List<Name> shared = new ArrayList<>();
        List<Reduction> reductions = new ArrayList<>();
        String schedule = null;
        String defaultSharing = null;
        int collapse = 0;
        boolean nowait = false;
        boolean ordered = false;
        while (peek().kind != Kind.END) {
            if (accept(",")) {
                continue;
            }
            Tok clause = next();
            String word = clause.kind == Kind.IDENT ? clause.text : "";
            if (directive == Omp.Directive.PARALLEL_FOR && word.equals("nowait")) {
                throw error("unsupported-omp-clause.nowait-valid-on", clause);
            }
            if (!directive.allows(word)) {
                throw error(OMP_KNOWN_CLAUSES.contains(word) || Omp.Directive.PARALLEL_FOR.allows(word)
                        || word.equals("nowait") ? "unsupported-omp-clause.c-unsupported"
                                : "unsupported-omp-clause.c-unknown",
                        clause, "clause", clause.text, "directive", directive.spelling, "supported",
                        directive.supported());
            }
            switch (word) {
            case "private" -> privates.addAll(list(clause));
            case "firstprivate" -> firstprivates.addAll(list(clause));
            case "shared" -> shared.addAll(list(clause));
            case "reduction" -> reductions.add(reduction(clause));
            case "schedule" -> schedule = once(schedule, clause, raw(clause));
            case "default" -> {
                expect("(", "expected `(` after `default`");
                Tok d = next();
                if (!d.is("shared") && !d.is("none")) {
                    throw malformed(d, "`default` must be `shared` or `none`");
                }
                defaultSharing = once(defaultSharing, clause, d.text);
                expect(")", "expected `)` after `default(" + d.text + "`");
            }
            case "collapse" -> {
                expect("(", "expected `(` after `collapse`");
                Tok n = next();
                int value = n.kind == Kind.NUMBER && n.text.matches("[1-9][0-9]*") ? Integer.parseInt(n.text) : 0;
                if (value < 1) {
                    throw malformed(n, "`collapse` needs a positive integer constant");
                }
                if (collapse != 0) {
                    throw malformed(clause, "`collapse` is given twice");
                }
                collapse = value;
                expect(")", "expected `)` after `collapse(" + n.text + "`");
            }
            case "nowait" -> nowait = true;
            case "ordered" -> {
                if (peek().is("(")) {
                    throw error("unsupported-omp.ordered-clause", clause, "clause", "ordered(n)");
                }
                ordered = true;
            }
            default -> throw new IllegalStateException(word);
            }
        }
        return new Omp(directive, privates, firstprivates, shared, reductions, schedule, collapse, defaultSharing,
                nowait, ordered, null);
    }

    /** The directive's words ({@code parallel for}, {@code for}, {@code barrier} ...), or null when not one of ours. */
    private Omp.Directive directive() {
        Tok first = peek();
        Tok second = toks.get(pos + 1);
        // `simd` on a worksharing loop only allows vectorising its chunks: a race-free loop's
        // results do not depend on it, so the loop is read (and its adjoint written) without it
        if (first.is("parallel") && second.is("for")) {
            Tok third = toks.get(pos + 2);
            if (third.is("simd")) {
                pos += 3;
                return Omp.Directive.PARALLEL_FOR;
            }
            if (isDirectiveWord(third)) {
                return null;
            }
            pos += 2;
            return Omp.Directive.PARALLEL_FOR;
        }
        if (first.is("for") && second.is("simd")) {
            pos += 2;
            return Omp.Directive.FOR;
        }
        if (first.is("parallel") && second.is("sections")) {
            pos += 2;
            return Omp.Directive.PARALLEL_SECTIONS;
        }
        if (first.is("parallel") && second.kind == Kind.IDENT && Omp.Directive.isConstructWord(second.text)) {
            return null;
        }
        if (first.is("for") && isDirectiveWord(second)) {
            return null;
        }
        Omp.Directive d = first.kind == Kind.IDENT ? Omp.Directive.named(first.text) : null;
        if (d != null) {
            pos++;
        }
        return d;
    }

    private static boolean isDirectiveWord(Tok t) {
        return t.kind == Kind.IDENT && (t.text.equals("simd") || t.text.equals("loop"));
    }

    private UnsupportedException unsupportedOmp() {
        // the construct's words, not the clauses after them (`omp simd`, not `omp simd reduction`)
        StringBuilder construct = new StringBuilder("omp");
        for (int i = pos; i < toks.size() && toks.get(i).kind == Kind.IDENT
                && (i == pos || Omp.Directive.isConstructWord(toks.get(i).text)); i++) {
            construct.append(' ').append(toks.get(i).text);
            if (i + 1 < toks.size() && toks.get(i + 1).is("(")) {
                break;
            }
        }
        return new UnsupportedException("unsupported-omp.unsupported-openmp-construct", src.range(base,
                text.stripTrailing().length()), "construct", construct);
    }

    private List<Name> list(Tok clause) {
        expect("(", "expected `(` after `" + clause.text + "`");
        List<Name> names = names(")", "a variable");
        expect(")", "expected `,` or `)` in `" + clause.text + "(...)`");
        return names;
    }

    private Reduction reduction(Tok clause) {
        expect("(", "expected `(` after `reduction`");
        Tok op = next();
        if (!REDUCTION_OPS.contains(op.text) || op.kind == Kind.END) {
            throw malformed(op, "unknown reduction operator `" + op.text + "`; use +, *, -, max, min, &&, ||, &, |, ^");
        }
        expect(":", "expected `:` after the reduction operator, as in `reduction(+: s)`");
        List<Name> vars = names(")", "a reduction variable");
        if (peek().is("[")) {
            // OpenMP 4.5's array sections: valid OpenMP that the front-end does not read
            throw error("unsupported-omp-clause.reduction-array-section", peek(), "name",
                    vars.get(vars.size() - 1).text());
        }
        expect(")", "expected `)` after the reduction variables");
        return new Reduction(op.text, vars);
    }

    /** The text between the parentheses after a clause name, verbatim (trimmed). */
    private String raw(Tok clause) {
        Tok open = expect("(", "expected `(` after `" + clause.text + "`");
        int depth = 1;
        while (true) {
            Tok t = next();
            if (t.kind == Kind.END) {
                throw malformed(t, "expected `)` to close `" + clause.text + "(`");
            }
            if (t.is("(")) {
                depth++;
            } else if (t.is(")") && --depth == 0) {
                return text.substring(open.offset - base + 1, t.offset - base).strip();
            }
        }
    }

    private String once(String previous, Tok clause, String value) {
        if (previous != null) {
            throw malformed(clause, "`" + clause.text + "` is given twice");
        }
        return value;
    }

    // ---- tokens -----------------------------------------------------------------------------

    private List<Name> names(String terminator, String what) {
        List<Name> names = new ArrayList<>();
        if (peek().is(terminator)) {
            throw malformed(peek(), "expected " + what + " before `" + terminator + "`");
        }
        do {
            names.add(name(what));
        } while (accept(","));
        return names;
    }

    private Name name(String what) {
        Tok t = next();
        if (t.kind != Kind.IDENT) {
            throw malformed(t, "expected " + what + (t.kind == Kind.END ? " at the end" : ", found `" + t.text + "`"));
        }
        return new Name(t.text, t.offset);
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
        if (peek().is(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private Tok expect(String s, String message) {
        Tok t = peek();
        if (!t.is(s)) {
            throw malformed(t, message + (t.kind == Kind.END ? "" : " (found `" + t.text + "`)"));
        }
        pos++;
        return t;
    }

    private UnsupportedException malformed(Tok at, String message) {
        String construct = toks.get(0).is("ad") && toks.size() > 1 && toks.get(1).kind == Kind.IDENT
                ? "`ad " + toks.get(1).text + "`" : "`" + toks.get(0).text + "`";
        return error("malformed-pragma", at, "construct", construct, "message", message);
    }

    private UnsupportedException error(String id, Tok at, Object... arguments) {
        int length = at.kind == Kind.END ? 0 : at.text.length();
        return new UnsupportedException(id, src.range(at.offset, length), arguments);
    }

    private void tokenize() {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '\\') {
                i++;
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_'
                        || text.charAt(j) == '$')) {
                    j++;
                }
                toks.add(new Tok(Kind.IDENT, text.substring(i, j), base + i));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.')) {
                    j++;
                }
                toks.add(new Tok(Kind.NUMBER, text.substring(i, j), base + i));
                i = j;
            } else if ((c == '&' || c == '|') && i + 1 < n && text.charAt(i + 1) == c) {
                toks.add(new Tok(Kind.PUNCT, text.substring(i, i + 2), base + i));
                i += 2;
            } else {
                toks.add(new Tok(Kind.PUNCT, String.valueOf(c), base + i));
                i++;
            }
        }
        int endOffset = text.stripTrailing().length();
        toks.add(new Tok(Kind.END, "", base + endOffset));
        toks.add(new Tok(Kind.END, "", base + endOffset));
        toks.add(new Tok(Kind.END, "", base + endOffset));
    }
}
