package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.List;

/**
 * The top-level declarations of C text as offset ranges: each one starts after the previous one
 * ended (so that pragmas and comments before a function belong to it) and ends after its closing
 * brace or semicolon at nesting depth zero. Comments, strings and character literals are skipped.
 */
public final class TopLevel {

    private TopLevel() {
    }

    public static List<int[]> declarations(String text) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        int n = text.length();
        for (int k = 0; k < n; k++) {
            char c = text.charAt(k);
            if (c == '/' && k + 1 < n && text.charAt(k + 1) == '*') {
                int end = text.indexOf("*/", k + 2);
                k = end < 0 ? n : end + 1;
            } else if (c == '/' && k + 1 < n && text.charAt(k + 1) == '/') {
                int end = text.indexOf('\n', k);
                k = end < 0 ? n : end;
            } else if (c == '"' || c == '\'') {
                k = skipLiteral(text, k, c);
            } else if (c == '#' && depth == 0 && lineStart(text, k)) {
                // a directive at top level belongs to the next declaration
                int end = text.indexOf('\n', k);
                k = end < 0 ? n : end;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth = Math.max(0, depth - 1);
                if (depth == 0 && !followedBySemicolonDeclaration(text, k)) {
                    out.add(new int[] {start, k + 1});
                    start = k + 1;
                }
            } else if (c == ';' && depth == 0) {
                out.add(new int[] {start, k + 1});
                start = k + 1;
            }
        }
        return out;
    }

    /** The declaration that contains {@code offset}, or the next one when the offset lies between two. */
    static int[] around(List<int[]> decls, int offset) {
        for (int[] d : decls) {
            if (offset >= d[0] && offset < d[1]) {
                return d;
            }
        }
        return null;
    }

    /** {@code struct s { ... } x;}: the brace does not end the declaration, the semicolon does. */
    private static boolean followedBySemicolonDeclaration(String text, int close) {
        for (int k = close + 1; k < text.length(); k++) {
            char c = text.charAt(k);
            if (!Character.isWhitespace(c)) {
                return c == ';' || Character.isJavaIdentifierStart(c) && !startsFunctionOrDirective(text, k);
            }
        }
        return false;
    }

    private static boolean startsFunctionOrDirective(String text, int k) {
        // after a function body the next token starts a new declaration; a struct body is followed
        // by a declarator on the same line
        int nl = text.lastIndexOf('\n', k);
        int close = text.lastIndexOf('}', k);
        return nl > close;
    }

    private static boolean lineStart(String text, int k) {
        for (int j = k - 1; j >= 0; j--) {
            char c = text.charAt(j);
            if (c == '\n') {
                return true;
            }
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    private static int skipLiteral(String text, int k, char quote) {
        for (int j = k + 1; j < text.length(); j++) {
            char c = text.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == quote || c == '\n') {
                return j;
            }
        }
        return text.length();
    }
}
