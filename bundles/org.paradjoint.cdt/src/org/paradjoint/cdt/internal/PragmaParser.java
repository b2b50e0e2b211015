package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.cdt.CDiagnosticCodes;
import org.paradjoint.cdt.internal.PragmaSyntax.Ad;
import org.paradjoint.cdt.internal.PragmaSyntax.Disjoint;
import org.paradjoint.cdt.internal.PragmaSyntax.Elemental;
import org.paradjoint.cdt.internal.PragmaSyntax.Gradient;
import org.paradjoint.cdt.internal.PragmaSyntax.Mapping;
import org.paradjoint.cdt.internal.PragmaSyntax.Name;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Reduction;
import org.paradjoint.cdt.internal.PragmaSyntax.Segment;
import org.paradjoint.cdt.internal.PragmaSyntax.Separable;
import org.paradjoint.cdt.internal.PragmaSyntax.Stencil;
import org.paradjoint.core.diag.UnsupportedException;

/**
 * Parses the text of one pragma: the {@code ad} annotation language of DESIGN.md, ADIC2's
 * {@code $adic_partiallyseparable, a, b} and {@code $adic_partialelemental}, and OpenMP
 * {@code parallel for} with its clauses. Anything else that starts with {@code ad},
 * {@code $adic} or {@code omp} is a located error; other pragmas are not ours (null).
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
        if (first.is("ad")) {
            next();
            return ad();
        }
        if (first.is("omp")) {
            next();
            return omp();
        }
        if (first.kind == Kind.IDENT && first.text.startsWith("$adic")) {
            next();
            return adic(first);
        }
        return null;
    }

    // ---- ad ---------------------------------------------------------------------------------

    private Ad ad() {
        Tok what = next();
        switch (what.kind == Kind.IDENT ? what.text : "") {
        case "gradient":
        case "tangent":
            return gradient(what);
        case "stencil":
            return stencil(what);
        case "partially_separable": {
            expect("(", "`ad partially_separable(e1, e2, ...)` lists the elemental variables in parentheses");
            List<Name> names = names(")", "an elemental variable");
            expect(")", "expected `)` after the elementals");
            end(what);
            return new Separable(names);
        }
        case "elemental":
            end(what);
            return new Elemental();
        case "disjoint":
            return disjoint(what);
        default:
            throw error(CDiagnosticCodes.UNKNOWN_PRAGMA, what.kind == Kind.END ? start() : what,
                    "unknown annotation `ad" + (what.kind == Kind.END ? "" : " " + what.text) + "`; expected one of"
                            + " gradient, tangent, stencil adjoint, partially_separable, elemental, disjoint");
        }
    }

    private Gradient gradient(Tok what) {
        String usage = "as in `#pragma ad " + what.text + "(y : x)`";
        expect("(", "expected `(` after `ad " + what.text + "`, " + usage);
        List<Name> deps = names(":", "a dependent variable");
        expect(":", "expected `:` between the dependents and the independents, " + usage);
        List<Name> indeps = names(")", "an independent variable");
        expect(")", "expected `)` after the independents, " + usage);
        end(what);
        return new Gradient(what.text.equals("tangent"), deps, indeps);
    }

    private Stencil stencil(Tok what) {
        String usage = "as in `#pragma ad stencil adjoint(u:ub, v:vb) strategy(split)`";
        Tok adjoint = next();
        if (!adjoint.is("adjoint")) {
            throw malformed(adjoint, "expected `adjoint` after `ad stencil`, " + usage);
        }
        expect("(", "expected `(` after `ad stencil adjoint`, " + usage);
        List<Mapping> mappings = new ArrayList<>();
        do {
            Name array = name("an array name");
            expect(":", "expected `:` between an array and its adjoint name, " + usage);
            Name adj = name("the adjoint name of `" + array.text() + "`");
            mappings.add(new Mapping(array, adj));
        } while (accept(","));
        expect(")", "expected `,` or `)` in the array:adjoint list, " + usage);
        String strategy = null;
        if (accept("strategy")) {
            expect("(", "expected `(` after `strategy`, " + usage);
            Tok s = next();
            if (!s.is("split") && !s.is("guarded")) {
                throw malformed(s, "strategy must be `split` or `guarded`");
            }
            strategy = s.text;
            expect(")", "expected `)` after the strategy");
        }
        end(what);
        return new Stencil(mappings, strategy);
    }

    private Disjoint disjoint(Tok what) {
        Tok open = expect("(", "expected `(` after `ad disjoint`, as in `#pragma ad disjoint(c[i], c[i] + 7)`");
        List<Segment> parts = new ArrayList<>();
        int depth = 0;
        int segStart = open.offset - base + 1;
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
            throw malformed(toks.get(toks.size() - 1), "expected `)` to close `ad disjoint(`");
        }
        while (pos < toks.size() - 1 && toks.get(pos).offset - base <= i) {
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
            throw new UnsupportedException(CDiagnosticCodes.MALFORMED_PRAGMA, src.range(base + from, to - from),
                    "malformed `ad disjoint`: empty expression; list index expressions, as in"
                            + " `#pragma ad disjoint(c[i])`");
        }
        return new Segment(trimmed, base + from + lead);
    }

    private Ad adic(Tok first) {
        switch (first.text) {
        case "$adic_partiallyseparable": {
            List<Name> names = new ArrayList<>();
            while (accept(",")) {
                names.add(name("an elemental variable"));
            }
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "expected `, name` in `$adic_partiallyseparable, a, b`");
            }
            if (names.isEmpty()) {
                throw malformed(first, "`$adic_partiallyseparable` must list the elementals, as in"
                        + " `#pragma $adic_partiallyseparable, fquad, flin`");
            }
            return new Separable(names);
        }
        case "$adic_partialelemental":
            if (peek().kind != Kind.END) {
                throw malformed(peek(), "unexpected text after `$adic_partialelemental`");
            }
            return new Elemental();
        default:
            throw error(CDiagnosticCodes.UNKNOWN_PRAGMA, first, "unknown ADIC annotation `" + first.text
                    + "`; only `$adic_partiallyseparable, ...` and `$adic_partialelemental` are supported");
        }
    }

    // ---- omp --------------------------------------------------------------------------------

    private Omp omp() {
        Tok parallel = peek();
        if (!parallel.is("parallel") || !toks.get(pos + 1).is("for") || isDirectiveWord(toks.get(pos + 2))) {
            throw unsupportedOmp();
        }
        pos += 2;
        List<Name> privates = new ArrayList<>();
        List<Name> firstprivates = new ArrayList<>();
        List<Name> shared = new ArrayList<>();
        List<Reduction> reductions = new ArrayList<>();
        String schedule = null;
        String defaultSharing = null;
        int collapse = 0;
        while (peek().kind != Kind.END) {
            if (accept(",")) {
                continue;
            }
            Tok clause = next();
            switch (clause.kind == Kind.IDENT ? clause.text : "") {
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
            case "nowait" -> throw error(CDiagnosticCodes.OMP_CLAUSE, clause,
                    "`nowait` is not valid on `parallel for` (the region ends with the loop); remove it");
            default -> throw error(CDiagnosticCodes.OMP_CLAUSE, clause, "OpenMP clause `" + clause.text + "` "
                    + (OMP_KNOWN_CLAUSES.contains(clause.text) ? "is not supported" : "is not known")
                    + " on `parallel for`; supported: private, firstprivate, shared, reduction, schedule,"
                    + " collapse, default");
            }
        }
        return new Omp(privates, firstprivates, shared, reductions, schedule, collapse, defaultSharing);
    }

    private static boolean isDirectiveWord(Tok t) {
        return t.kind == Kind.IDENT && (t.text.equals("simd") || t.text.equals("loop"));
    }

    private UnsupportedException unsupportedOmp() {
        StringBuilder construct = new StringBuilder("omp");
        for (int i = pos; i < toks.size() && toks.get(i).kind == Kind.IDENT; i++) {
            construct.append(' ').append(toks.get(i).text);
            if (i + 1 < toks.size() && toks.get(i + 1).is("(")) {
                break;
            }
        }
        return new UnsupportedException(CDiagnosticCodes.OMP, src.range(base, text.stripTrailing().length()),
                "unsupported OpenMP construct `" + construct + "` (only `parallel for` on a loop is supported)");
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

    private void end(Tok what) {
        if (peek().kind != Kind.END) {
            throw malformed(peek(), "unexpected `" + peek().text + "` after `ad " + what.text + "(...)`");
        }
    }

    private Tok start() {
        return toks.get(0);
    }

    private UnsupportedException malformed(Tok at, String message) {
        String construct = toks.get(0).is("ad") && toks.size() > 1 && toks.get(1).kind == Kind.IDENT
                ? "`ad " + toks.get(1).text + "`" : "`" + toks.get(0).text + "`";
        return error(CDiagnosticCodes.MALFORMED_PRAGMA, at, "malformed " + construct + ": " + message);
    }

    private UnsupportedException error(String code, Tok at, String message) {
        int length = at.kind == Kind.END ? 0 : at.text.length();
        return new UnsupportedException(code, src.range(at.offset, length), message);
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
