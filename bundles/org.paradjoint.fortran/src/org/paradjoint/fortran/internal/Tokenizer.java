package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;


/**
 * The tokens of one logical line. Fortran reserves no words, so keywords come out as names and
 * the parser decides by position. Dotted operators take priority over a decimal point:
 * {@code 1.eq.2} is {@code 1 .eq. 2}, {@code 1.e5} is a real.
 */
final class Tokenizer {

    private static final Set<String> DOT_OPERATORS = Set.of("and", "or", "not", "eqv", "neqv", "eq", "ne", "lt",
            "le", "gt", "ge", "true", "false");

    private final LineJoiner.Chars line;
    private final Reporter reporter;
    private final List<Token> tokens = new ArrayList<>();

    private Tokenizer(LineJoiner.Chars line, Reporter reporter) {
        this.line = line;
        this.reporter = reporter;
    }

    /** The logical lines of {@code src}; lexical errors go to {@code reporter}. */
    static List<LogicalLine> lines(SourceText src, Reporter reporter) {
        List<LogicalLine> out = new ArrayList<>();
        for (LineJoiner.Chars chars : new LineJoiner(src.text(), reporter).join()) {
            List<Token> toks = new Tokenizer(chars, reporter).run();
            int start = chars.length > 0 ? chars.offsets[firstNonBlank(chars)] : 0;
            int end = chars.length > 0 ? chars.offsets[chars.length - 1] + 1 : start;
            if (!toks.isEmpty()) {
                start = Math.min(start, toks.get(0).start());
                end = Math.max(end, toks.get(toks.size() - 1).end());
            }
            if (chars.sentinelStart >= 0) {
                start = chars.sentinelStart;
                end = Math.max(end, start + (chars.kind == LogicalLine.Kind.OMP ? 5 : 4));
            }
            out.add(new LogicalLine(chars.kind, toks, start, end));
        }
        return out;
    }

    private static int firstNonBlank(LineJoiner.Chars c) {
        for (int i = 0; i < c.length; i++) {
            if (c.chars[i] != ' ' && c.chars[i] != '\t') {
                return i;
            }
        }
        return 0;
    }

    private char at(int i) {
        return i < line.length ? line.chars[i] : '\0';
    }

    private void add(Token.Kind kind, String text, int from, int to) {
        tokens.add(new Token(kind, text, line.offsets[from], line.offsets[to - 1] + 1));
    }

    private List<Token> run() {
        int i = 0;
        while (i < line.length) {
            char c = at(i);
            if (c == ' ' || c == '\t') {
                i++;
            } else if (Character.isLetter(c)) {
                i = name(i);
            } else if (Character.isDigit(c) || c == '.' && Character.isDigit(at(i + 1))) {
                i = number(i);
            } else if (c == '.') {
                i = dotOperator(i);
            } else if (c == '\'' || c == '"') {
                i = string(i);
            } else {
                i = punctuation(i);
            }
        }
        return tokens;
    }

    private int name(int i) {
        int j = i;
        while (j < line.length && (Character.isLetterOrDigit(at(j)) || at(j) == '_')) {
            j++;
        }
        add(Token.Kind.NAME, new String(line.chars, i, j - i).toLowerCase(Locale.ROOT), i, j);
        return j;
    }

    private int digits(int j) {
        while (Character.isDigit(at(j))) {
            j++;
        }
        return j;
    }

    private int number(int i) {
        int j = digits(i);
        boolean real = false;
        if (at(j) == '.' && !startsDotOperator(j)) {
            real = true;
            j = digits(j + 1);
        }
        char e = Character.toLowerCase(at(j));
        if ((e == 'e' || e == 'd' || e == 'q')
                && (Character.isDigit(at(j + 1)) || (at(j + 1) == '+' || at(j + 1) == '-') && Character.isDigit(at(j + 2)))) {
            real = true;
            j = digits(j + 2);
        }
        int textEnd = j;
        if (at(j) == '_' && (Character.isLetterOrDigit(at(j + 1)))) {
            j++;
            while (Character.isLetterOrDigit(at(j)) || at(j) == '_') {
                j++;
            }
        }
        String text = new String(line.chars, i, j - i).toLowerCase(Locale.ROOT);
        if (real) {
            add(Token.Kind.REAL, text, i, j);
        } else {
            String kind = j > textEnd ? text.substring(textEnd - i) : "";
            add(Token.Kind.INT, new String(line.chars, i, textEnd - i) + kind, i, j);
        }
        return j;
    }

    /** True when the '.' at {@code j} starts {@code .eq.}, {@code .and.} ... rather than a decimal point. */
    private boolean startsDotOperator(int j) {
        int k = j + 1;
        while (Character.isLetter(at(k))) {
            k++;
        }
        return k > j + 1 && at(k) == '.'
                && DOT_OPERATORS.contains(new String(line.chars, j + 1, k - j - 1).toLowerCase(Locale.ROOT));
    }

    private int dotOperator(int i) {
        int k = i + 1;
        while (Character.isLetter(at(k))) {
            k++;
        }
        if (k == i + 1 || at(k) != '.') {
            reporter.error("syntax-error.unexpected-dot", line.offsets[i], line.offsets[i] + 1);
            return i + 1;
        }
        String op = new String(line.chars, i + 1, k - i - 1).toLowerCase(Locale.ROOT);
        int end = k + 1;
        if (!DOT_OPERATORS.contains(op)) {
            reporter.error("unsupported-operator.user-defined-operator", line.offsets[i], line.offsets[k] + 1,
                    "operator", op);
            add(Token.Kind.DOTOP, op, i, end);
            return end;
        }
        if (op.equals("true") || op.equals("false")) {
            if (at(end) == '_') {
                end++;
                while (Character.isLetterOrDigit(at(end)) || at(end) == '_') {
                    end++;
                }
            }
            add(Token.Kind.LOGICAL, op, i, end);
            return end;
        }
        add(Token.Kind.DOTOP, op, i, end);
        return end;
    }

    private int string(int i) {
        char q = at(i);
        StringBuilder sb = new StringBuilder();
        int j = i + 1;
        while (j < line.length) {
            if (at(j) == q) {
                if (at(j + 1) == q) {
                    sb.append(q);
                    j += 2;
                    continue;
                }
                add(Token.Kind.STRING, sb.toString(), i, j + 1);
                return j + 1;
            }
            sb.append(at(j++));
        }
        reporter.error("syntax-error.unterminated-character-literal", line.offsets[i],
                line.offsets[line.length - 1] + 1);
        add(Token.Kind.STRING, sb.toString(), i, line.length);
        return line.length;
    }

    private static final String[] TWO_CHAR = {"**", "//", "/=", "==", "=>", "<=", ">=", "::"};

    private int punctuation(int i) {
        for (String op : TWO_CHAR) {
            if (at(i) == op.charAt(0) && at(i + 1) == op.charAt(1)) {
                add(Token.Kind.OP, op, i, i + 2);
                return i + 2;
            }
        }
        char c = at(i);
        if ("(),:=<>+-*/%[]".indexOf(c) >= 0) {
            add(Token.Kind.OP, String.valueOf(c), i, i + 1);
        } else if (c == '#' && i == 0) {
            reporter.error("syntax-error.preprocessor-directives-are", line.offsets[i],
                    line.offsets[line.length - 1] + 1);
            return line.length;
        } else {
            reporter.error("syntax-error.unexpected-character", line.offsets[i], line.offsets[i] + 1, "character", c);
        }
        return i + 1;
    }
}
