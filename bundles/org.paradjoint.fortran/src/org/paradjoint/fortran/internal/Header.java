package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;


/**
 * The first statement of a subroutine or function: prefixes ({@code pure}, {@code recursive},
 * a result type), the name, the dummy arguments and the {@code result(...)} name. The result
 * type is read later ({@link #prefixType}), once the specification part has made its kind
 * constants visible ({@code real(dp) function f(x)} with {@code dp} from a used module).
 */
record Header(LogicalLine line, Token name, boolean isFunction, List<Token> dummies, Token result, int typeAt) {

    static Header read(LogicalLine line, SourceText src, int at) {
        Cursor c = new Cursor(line, src, at);
        int typeAt = -1;
        while (true) {
            Token t = c.peek();
            if (t == null) {
                throw c.atNext("syntax-error.expected-subroutine-function");
            }
            if (t.isName("subroutine") || t.isName("function")) {
                break;
            }
            switch (t.text()) {
                case "pure", "impure", "recursive" -> c.next();
                case "elemental" -> throw c.at(t, "unsupported-function.elemental-procedures-are");
                case "module" -> throw c.at(t, "unsupported-function.separate-module-procedures");
                default -> {
                    if (typeAt >= 0) {
                        throw c.at(t, "syntax-error.unexpected", "text", t.text());
                    }
                    typeAt = c.pos();
                    skipType(c);
                }
            }
        }
        boolean isFunction = c.next().isName("function");
        Token name = c.expectName("the name of the " + (isFunction ? "function" : "subroutine"));
        List<Token> dummies = new ArrayList<>();
        if (c.accept("(")) {
            if (!c.accept(")")) {
                do {
                    if (c.peekIs("*")) {
                        throw c.atNext("unsupported-function.alternate-returns-are");
                    }
                    dummies.add(c.expectName("a dummy argument name"));
                } while (c.accept(","));
                c.expect(")", "',' or ')' in the dummy arguments");
            }
        } else if (isFunction) {
            throw c.atNext("syntax-error.expected-after-function");
        }
        Token result = null;
        if (isFunction && c.peekName("result")) {
            c.next();
            c.expect("(", "'(' after 'result'");
            result = c.expectName("the result name");
            c.expect(")", "')' after the result name");
        }
        if (c.peekName("bind")) {
            throw c.atNext("unsupported-function.bind-c-procedures");
        }
        c.expectEnd("the " + (isFunction ? "function" : "subroutine") + " statement");
        return new Header(line, name, isFunction, dummies, result, typeAt);
    }

    private static void skipType(Cursor c) {
        Token t = c.next();
        if (t.isName("double") && c.peekName("precision")) {
            c.next();
            return;
        }
        if (c.accept("*")) {
            c.next();
        } else if (c.peekIs("(")) {
            int close = c.matching(c.pos());
            if (close < 0) {
                throw c.atNext("syntax-error.unbalanced-parentheses");
            }
            c.seek(close + 1);
        }
    }

    /** The result type written before {@code function}, or null. */
    TypeSpec prefixType(SourceText src, ExprParser exprs) {
        return typeAt < 0 ? null : TypeSpec.read(new Cursor(line, src, typeAt), exprs);
    }

    String resultName() {
        return result != null ? result.text() : name.text();
    }
}
