package org.paradjoint.fortran.internal;

import java.util.Set;

/**
 * Decides what a code line is from its first tokens. Fortran reserves no words: a statement is
 * an assignment when a name (optionally subscripted) is followed by {@code =}, whatever the
 * name; only then do leading keywords count ({@code do = 1} assigns a variable named do).
 */
public final class Classifier {

    public enum Kind {
        ASSIGNMENT, POINTER_ASSIGNMENT,
        SUBROUTINE, FUNCTION, MODULE, PROGRAM, OTHER_UNIT, CONTAINS, END,
        TYPE_DECLARATION, SPECIFICATION, IMPLICIT, USE,
        DO, IF, ELSE_IF, ELSE, CALL, RETURN, CONTINUE, OTHER_EXECUTABLE, UNKNOWN
    }

    /**
     * @param kind     what the line is
     * @param at       index of its first significant token (after a label and a construct name)
     * @param label    the statement label token, or null
     * @param construct the construct name ({@code outer: do ...}), or null
     * @param endWhat  for {@code END}: what it closes ({@code do}, {@code if}, {@code subroutine}
     *                 ..., or empty for a bare {@code end}); index of an optional name follows
     */
    public record Line(Kind kind, int at, Token label, Token construct, String endWhat, int endNameAt) {
    }

    private static final Set<String> TYPE_WORDS = Set.of("integer", "real", "double", "doubleprecision", "logical",
            "complex", "character", "type", "class", "doublecomplex");
    private static final Set<String> PREFIX_WORDS = Set.of("recursive", "pure", "elemental", "impure", "module");
    private static final Set<String> SPEC_WORDS = Set.of("dimension", "intent", "parameter", "save", "common",
            "equivalence", "data", "external", "intrinsic", "allocatable", "pointer", "target", "optional",
            "public", "private", "namelist", "value", "volatile", "asynchronous", "protected", "contiguous",
            "bind", "format", "entry", "interface", "enum", "import", "sequence", "abstract", "procedure");
    private static final Set<String> END_WORDS = Set.of("subroutine", "function", "module", "program", "do", "if",
            "select", "interface", "type", "block", "where", "forall", "associate", "submodule", "critical",
            "enum", "procedure", "blockdata");

    private Classifier() {
    }

    public static Line classify(LogicalLine line) {
        int at = 0;
        Token label = null;
        Token construct = null;
        int n = line.tokens().size();
        if (n > 0 && line.tokens().get(0).kind() == Token.Kind.INT) {
            label = line.tokens().get(0);
            at = 1;
        }
        if (at + 2 < n && tok(line, at).isName() && tok(line, at + 1).isOp(":") && tok(line, at + 2).isName()) {
            construct = tok(line, at);
            at += 2;
        }
        if (at >= n) {
            return new Line(Kind.UNKNOWN, at, label, construct, null, -1);
        }
        Token t = tok(line, at);
        if (!t.isName()) {
            return new Line(Kind.UNKNOWN, at, label, construct, null, -1);
        }
        int afterTarget = afterDesignator(line, at);
        if (afterTarget < n && tok(line, afterTarget).isOp("=")) {
            return new Line(Kind.ASSIGNMENT, at, label, construct, null, -1);
        }
        if (afterTarget < n && tok(line, afterTarget).isOp("=>")) {
            return new Line(Kind.POINTER_ASSIGNMENT, at, label, construct, null, -1);
        }
        Kind k = keyword(line, at);
        if (k == Kind.END) {
            String w = t.text();
            String what;
            int nameAt;
            if (w.equals("end")) {
                if (at + 1 < n && tok(line, at + 1).isName() && END_WORDS.contains(tok(line, at + 1).text())) {
                    what = tok(line, at + 1).text();
                    nameAt = at + 2;
                    if (what.equals("block") && at + 2 < n && tok(line, at + 2).isName("data")) {
                        what = "blockdata";
                        nameAt = at + 3;
                    }
                } else {
                    what = "";
                    nameAt = at + 1;
                }
            } else {
                what = w.substring(3);
                nameAt = at + 1;
            }
            return new Line(Kind.END, at, label, construct, what, nameAt);
        }
        return new Line(k, at, label, construct, null, -1);
    }

    private static Token tok(LogicalLine line, int i) {
        return line.tokens().get(i);
    }

    /** The index after {@code name}, {@code name(...)} or {@code name(...)(...)}. */
    private static int afterDesignator(LogicalLine line, int at) {
        int i = at + 1;
        int n = line.tokens().size();
        for (int groups = 0; groups < 2 && i < n && tok(line, i).isOp("("); groups++) {
            int depth = 0;
            int j = i;
            for (; j < n; j++) {
                if (tok(line, j).isOp("(")) {
                    depth++;
                } else if (tok(line, j).isOp(")") && --depth == 0) {
                    break;
                }
            }
            if (j >= n) {
                return n;
            }
            i = j + 1;
        }
        return i;
    }

    private static Kind keyword(LogicalLine line, int at) {
        String w = tok(line, at).text();
        int n = line.tokens().size();
        switch (w) {
            case "subroutine":
                return Kind.SUBROUTINE;
            case "function":
                return Kind.FUNCTION;
            case "module":
                return at + 1 < n && tok(line, at + 1).isName("procedure") ? Kind.SPECIFICATION : Kind.MODULE;
            case "program":
                return Kind.PROGRAM;
            case "submodule":
            case "blockdata":
                return Kind.OTHER_UNIT;
            case "block":
                return at + 1 < n && tok(line, at + 1).isName("data") ? Kind.OTHER_UNIT : Kind.OTHER_EXECUTABLE;
            case "contains":
                return Kind.CONTAINS;
            case "implicit":
                return Kind.IMPLICIT;
            case "use":
                return Kind.USE;
            case "do":
                return Kind.DO;
            case "if":
                return Kind.IF;
            case "elseif":
                return Kind.ELSE_IF;
            case "else":
                return at + 1 < n && tok(line, at + 1).isName("if") ? Kind.ELSE_IF : Kind.ELSE;
            case "call":
                return Kind.CALL;
            case "return":
                return Kind.RETURN;
            case "continue":
                return Kind.CONTINUE;
            default:
                break;
        }
        if (w.startsWith("end") && (w.equals("end") || END_WORDS.contains(w.substring(3)))) {
            return Kind.END;
        }
        if (PREFIX_WORDS.contains(w) || TYPE_WORDS.contains(w)) {
            return hasFunctionKeyword(line, at) ? (hasWord(line, at, "subroutine") ? Kind.SUBROUTINE : Kind.FUNCTION)
                    : hasWord(line, at, "subroutine") && PREFIX_WORDS.contains(w) ? Kind.SUBROUTINE
                    : Kind.TYPE_DECLARATION;
        }
        if (SPEC_WORDS.contains(w)) {
            return Kind.SPECIFICATION;
        }
        return Kind.OTHER_EXECUTABLE;
    }

    /** True for {@code [prefix...] function name(}: the word {@code function} before any {@code ::} or {@code (} of a name. */
    private static boolean hasFunctionKeyword(LogicalLine line, int at) {
        return hasWord(line, at, "function");
    }

    private static boolean hasWord(LogicalLine line, int at, String word) {
        int n = line.tokens().size();
        int i = at;
        while (i < n) {
            Token t = tok(line, i);
            if (t.isOp("::") || t.isOp(",") || t.isOp("=")) {
                return false;
            }
            if (t.isName(word)) {
                return i + 1 < n && tok(line, i + 1).isName();
            }
            if (t.isOp("(")) {
                int depth = 0;
                while (i < n) {
                    if (tok(line, i).isOp("(")) {
                        depth++;
                    } else if (tok(line, i).isOp(")") && --depth == 0) {
                        break;
                    }
                    i++;
                }
            }
            i++;
        }
        return false;
    }
}
