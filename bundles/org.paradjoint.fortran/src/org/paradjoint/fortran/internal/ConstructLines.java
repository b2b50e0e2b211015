package org.paradjoint.fortran.internal;

import java.util.List;

/**
 * What a classified line means for the block structure of the executable part: whether it
 * ends the statements being read ({@link Closer}), ends the whole unit, or opens a construct
 * with its own {@code end}. Kept apart from {@link ExecutionPart} because these are pure
 * questions about one line, shared by the parser and by its error recovery.
 */
final class ConstructLines {

    private ConstructLines() {
    }

    /** Which terminators end the statements being read. */
    enum Closer {
        UNIT, DO, IF, ELSE,
        /** The body of an OpenMP block ({@code !$omp single} ... {@code !$omp end single}): any end stops it. */
        OMP;

        /** True when {@code cls} ends the statements this closer is reading. */
        boolean accepts(Classifier.Line cls) {
            return switch (this) {
                case UNIT -> endsUnit(cls);
                case DO -> cls.kind() == Classifier.Kind.END && cls.endWhat().equals("do");
                case IF -> cls.kind() == Classifier.Kind.ELSE || cls.kind() == Classifier.Kind.ELSE_IF
                        || cls.kind() == Classifier.Kind.END && cls.endWhat().equals("if");
                case ELSE -> cls.kind() == Classifier.Kind.END && cls.endWhat().equals("if");
                case OMP -> isTerminator(cls);
            };
        }

        /** The open construct, for a message about a terminator that does not match it. */
        String describe() {
            return switch (this) {
                case UNIT -> "procedure";
                case DO -> "do loop (expected end do)";
                case IF -> "if construct (expected else, else if or end if)";
                case ELSE -> "else block (expected end if)";
                case OMP -> "OpenMP construct (expected its '!$omp end')";
            };
        }
    }

    static boolean isTerminator(Classifier.Line cls) {
        return cls.kind() == Classifier.Kind.END || cls.kind() == Classifier.Kind.ELSE
                || cls.kind() == Classifier.Kind.ELSE_IF || cls.kind() == Classifier.Kind.CONTAINS;
    }

    static boolean endsUnit(Classifier.Line cls) {
        return cls.kind() == Classifier.Kind.CONTAINS || cls.kind() == Classifier.Kind.END
                && List.of("", "subroutine", "function", "program", "module").contains(cls.endWhat());
    }

    static boolean isConstructIf(LogicalLine l, Classifier.Line cls) {
        List<Token> t = l.tokens();
        return cls.kind() == Classifier.Kind.IF && !t.isEmpty() && t.get(t.size() - 1).isName("then");
    }

    /** True when a line opens a block construct that ends with its own {@code end ...}. */
    static boolean opensConstruct(LogicalLine l, Classifier.Line cls) {
        List<Token> t = l.tokens();
        if (cls.kind() == Classifier.Kind.DO) {
            return !(t.size() > cls.at() + 1 && t.get(cls.at() + 1).kind() == Token.Kind.INT);
        }
        if (cls.kind() == Classifier.Kind.IF) {
            return isConstructIf(l, cls);
        }
        if (cls.kind() != Classifier.Kind.OTHER_EXECUTABLE) {
            return false;
        }
        String w = t.get(cls.at()).text();
        if (List.of("select", "associate", "block", "critical").contains(w)) {
            return true;
        }
        if ((w.equals("where") || w.equals("forall")) && cls.at() + 1 < t.size() && t.get(cls.at() + 1).isOp("(")) {
            int close = new Cursor(l, null).matching(cls.at() + 1);
            return close == t.size() - 1;
        }
        return false;
    }
}
