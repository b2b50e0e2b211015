package org.paradjoint.core.check;

import org.paradjoint.core.check.IntExpr.Bin;
import org.paradjoint.core.check.IntExpr.Lit;
import org.paradjoint.core.check.IntExpr.Name;
import org.paradjoint.core.check.IntExpr.Neg;

/** Recursive descent over the grammar of {@link IntExpr}. */
final class IntExprParser {
    private final String text;
    private int pos;

    IntExprParser(String text) {
        this.text = text;
    }

    IntExpr parseAll() {
        IntExpr e = sum();
        skipBlanks();
        if (pos < text.length()) {
            throw error("unexpected '" + text.charAt(pos) + "'");
        }
        return e;
    }

    private IntExpr sum() {
        IntExpr e = product();
        while (peek('+') || peek('-')) {
            char op = text.charAt(pos++);
            e = new Bin(op, e, product());
        }
        return e;
    }

    private IntExpr product() {
        IntExpr e = unary();
        while (peek('*') || peek('/') || peek('%')) {
            char op = text.charAt(pos++);
            e = new Bin(op, e, unary());
        }
        return e;
    }

    private IntExpr unary() {
        if (peek('-')) {
            pos++;
            IntExpr operand = unary();
            return operand instanceof Lit l ? new Lit(-l.value()) : new Neg(operand);
        }
        if (peek('+')) {
            pos++;
            return unary();
        }
        return primary();
    }

    private IntExpr primary() {
        skipBlanks();
        if (pos >= text.length()) {
            throw error("expected a number, a name or '(' at the end");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            IntExpr e = sum();
            if (!peek(')')) {
                throw error("expected ')'");
            }
            pos++;
            return e;
        }
        int start = pos;
        if (Character.isDigit(c)) {
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            try {
                return new Lit(Long.parseLong(text.substring(start, pos)));
            } catch (NumberFormatException ex) {
                throw error("number too large");
            }
        }
        if (Character.isLetter(c) || c == '_') {
            identifier();
            // a member of a struct parameter, g->n, is one name (the driver holds it as a variable of its own)
            while (text.startsWith("->", pos) && pos + 2 < text.length()
                    && (Character.isLetter(text.charAt(pos + 2)) || text.charAt(pos + 2) == '_')) {
                pos += 2;
                identifier();
            }
            return new Name(text.substring(start, pos));
        }
        throw error("expected a number, a name or '(' but found '" + c + "'");
    }

    private void identifier() {
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
    }

    private boolean peek(char c) {
        skipBlanks();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipBlanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("in '" + text + "' at column " + (pos + 1) + ": " + what);
    }
}
