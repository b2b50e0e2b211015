package org.paradjoint.fortran.internal;

import java.util.List;

import org.paradjoint.core.diag.UnsupportedException;

/** A position in the tokens of one logical line, with the small helpers recursive descent needs. */
public final class Cursor {
    private final LogicalLine line;
    private final List<Token> toks;
    private final SourceText src;
    private int pos;

    public Cursor(LogicalLine line, SourceText src) {
        this(line, src, 0);
    }

    public Cursor(LogicalLine line, SourceText src, int pos) {
        this.line = line;
        this.toks = line.tokens();
        this.src = src;
        this.pos = pos;
    }

    public LogicalLine line() {
        return line;
    }

    public SourceText src() {
        return src;
    }

    public int pos() {
        return pos;
    }

    public void seek(int p) {
        pos = p;
    }

    public boolean atEnd() {
        return pos >= toks.size();
    }

    public Token peek() {
        return peek(0);
    }

    public Token peek(int k) {
        int i = pos + k;
        return i < toks.size() ? toks.get(i) : null;
    }

    public Token next() {
        if (atEnd()) {
            throw error("syntax-error.unexpected-end-statement");
        }
        return toks.get(pos++);
    }

    public boolean peekIs(String s) {
        Token t = peek();
        return t != null && t.is(s);
    }

    public boolean peekName(String s) {
        Token t = peek();
        return t != null && t.isName(s);
    }

    public boolean accept(String s) {
        if (peekIs(s)) {
            pos++;
            return true;
        }
        return false;
    }

    /** The token {@code s}; otherwise the error {@code expected WHAT} at the next token. */
    public Token expect(String s, String what) {
        if (!peekIs(s)) {
            throw atNext("syntax-error.expected", "what", what);
        }
        return next();
    }

    public Token expectName(String what) {
        Token t = peek();
        if (t == null || !t.isName()) {
            throw atNext("syntax-error.expected", "what", what);
        }
        pos++;
        return t;
    }

    public void expectEnd(String what) {
        if (!atEnd()) {
            throw atNext("syntax-error.unexpected-after", "spelling", spelling(peek()), "what", what);
        }
    }

    /** Offset where the next token starts, or the end of the line. */
    public int nextStart() {
        Token t = peek();
        return t != null ? t.start() : line.end();
    }

    /** End offset of the token before the current position. */
    public int prevEnd() {
        return pos > 0 ? toks.get(pos - 1).end() : line.start();
    }

    /** Index of the token closing the parenthesis opened at {@code open}, or -1. */
    public int matching(int open) {
        int depth = 0;
        for (int i = open; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (t.isOp("(") || t.isOp("[")) {
                depth++;
            } else if (t.isOp(")") || t.isOp("]")) {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    public Token token(int i) {
        return toks.get(i);
    }

    public int size() {
        return toks.size();
    }

    public UnsupportedException error(String id, Object... arguments) {
        return new UnsupportedException(id, src.range(line.start(), line.end()), arguments);
    }

    public UnsupportedException atNext(String id, Object... arguments) {
        Token t = peek();
        int s = t != null ? t.start() : Math.max(line.start(), line.end() - 1);
        int e = t != null ? t.end() : line.end();
        return new UnsupportedException(id, src.range(s, e), arguments);
    }

    public UnsupportedException at(Token t, String id, Object... arguments) {
        return new UnsupportedException(id, src.range(t.start(), t.end()), arguments);
    }

    public UnsupportedException between(int start, int end, String id, Object... arguments) {
        return new UnsupportedException(id, src.range(start, end), arguments);
    }

    public static String spelling(Token t) {
        if (t == null) {
            return "end of statement";
        }
        return switch (t.kind()) {
            case DOTOP, LOGICAL -> "." + t.text() + ".";
            case STRING -> "'" + t.text() + "'";
            default -> t.text();
        };
    }
}
