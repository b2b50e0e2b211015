package org.paradjoint.fortran.internal;

/**
 * One token of a logical line. Names and operators are lower case; {@code start}/{@code end}
 * are offsets in the file (a token split by a continuation spans both lines).
 */
public record Token(Kind kind, String text, int start, int end) {

    public enum Kind {
        /** A name (keywords are names: Fortran reserves none). */
        NAME,
        /** An integer literal; {@code text} is the digits, a kind suffix is dropped. */
        INT,
        /** A real literal as written (lower case, kind suffix kept). */
        REAL,
        /** A character literal (its content). */
        STRING,
        /** {@code .and.}, {@code .eq.} ...: {@code text} is the operator name without dots. */
        DOTOP,
        /** {@code .true.} or {@code .false.}: {@code text} is {@code true} or {@code false}. */
        LOGICAL,
        /** Punctuation: {@code ( ) , : :: = == /= < <= > >= + - * ** / // => %}. */
        OP
    }

    public boolean is(String s) {
        return (kind == Kind.OP || kind == Kind.NAME || kind == Kind.DOTOP) && text.equals(s);
    }

    public boolean isName() {
        return kind == Kind.NAME;
    }

    public boolean isName(String s) {
        return kind == Kind.NAME && text.equals(s);
    }

    public boolean isOp(String s) {
        return kind == Kind.OP && text.equals(s);
    }
}
