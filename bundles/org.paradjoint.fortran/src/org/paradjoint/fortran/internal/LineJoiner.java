package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


/**
 * Free-form source to logical lines: comments dropped, {@code &} continuations joined (also
 * inside directives, whose continuation lines repeat the sentinel), {@code ;} separated
 * statements split. Each character keeps its offset in the file, so that tokens map back to the
 * source even across a continuation. {@code !$omp} and {@code !$ad} lines are directives;
 * {@code !$} followed by a blank is OpenMP conditional compilation and reads as code (the
 * project compiles with {@code -fopenmp}); any other {@code !} starts a comment.
 */
final class LineJoiner {

    /** Characters of one logical line with the file offset of each. */
    static final class Chars {
        final LogicalLine.Kind kind;
        /** Offset of the {@code !$omp}/{@code !$ad} sentinel of a directive (-1 for code). */
        int sentinelStart = -1;
        char[] chars = new char[64];
        int[] offsets = new int[64];
        int length;

        Chars(LogicalLine.Kind kind) {
            this.kind = kind;
        }

        void add(char c, int offset) {
            if (length == chars.length) {
                chars = Arrays.copyOf(chars, length * 2);
                offsets = Arrays.copyOf(offsets, length * 2);
            }
            chars[length] = c;
            offsets[length] = offset;
            length++;
        }

        boolean isBlank() {
            for (int i = 0; i < length; i++) {
                if (chars[i] != ' ' && chars[i] != '\t') {
                    return false;
                }
            }
            return true;
        }
    }

    private final String text;
    private final Reporter reporter;
    private final List<Chars> out = new ArrayList<>();
    private Chars current;
    private boolean continuing;
    private char quote;
    private int continuedAt = -1;

    LineJoiner(String text, Reporter reporter) {
        this.text = text;
        this.reporter = reporter;
    }

    List<Chars> join() {
        int ls = 0;
        int n = text.length();
        while (ls <= n) {
            int le = text.indexOf('\n', ls);
            if (le < 0) {
                le = n;
            }
            int end = le > ls && text.charAt(le - 1) == '\r' ? le - 1 : le;
            line(ls, end);
            ls = le + 1;
        }
        if (continuing) {
            reporter.error("malformed-continuation.file-ends-inside", continuedAt, continuedAt + 1);
            finish();
        }
        return out;
    }

    private void line(int ls, int le) {
        int p = skipBlanks(ls, le);
        if (!continuing) {
            if (p == le) {
                return;
            }
            LogicalLine.Kind kind = LogicalLine.Kind.CODE;
            int sentinelAt = p;
            if (text.charAt(p) == '!') {
                int s = sentinel(p, le, "!$omp");
                if (s >= 0) {
                    kind = LogicalLine.Kind.OMP;
                    p = s;
                } else if ((s = sentinel(p, le, "!$ad")) >= 0) {
                    kind = LogicalLine.Kind.AD;
                    p = s;
                } else if (p + 2 <= le && text.startsWith("!$", p) && (p + 2 == le || isBlank(text.charAt(p + 2)))) {
                    p += 2;
                } else {
                    return;
                }
            }
            current = new Chars(kind);
            if (kind != LogicalLine.Kind.CODE) {
                current.sentinelStart = sentinelAt;
            }
            scan(p, le);
            return;
        }
        if (current.kind == LogicalLine.Kind.CODE) {
            if (p == le || text.charAt(p) == '!') {
                return;
            }
            if (text.charAt(p) == '&') {
                p++;
            } else if (quote == 0) {
                current.add(' ', p);
            }
            scan(p, le);
            return;
        }
        String sentinel = current.kind == LogicalLine.Kind.OMP ? "!$omp" : "!$ad";
        int s = p < le && text.charAt(p) == '!' ? sentinelPrefix(p, le, sentinel) : -1;
        if (s < 0) {
            if (p == le) {
                return;
            }
            reporter.error("malformed-continuation.directive-continued-on", p, le, "sentinel", sentinel);
            continuing = false;
            quote = 0;
            finish();
            line(ls, le);
            return;
        }
        if (s < le && text.charAt(s) == '&') {
            s++;
        } else {
            current.add(' ', s);
        }
        scan(s, le);
    }

    /** Scans the code of one physical line from {@code p}, appending to the current logical line. */
    private void scan(int p, int le) {
        continuing = false;
        for (int i = p; i < le; i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '&' && restIsBlank(i + 1, le)) {
                    continuing = true;
                    continuedAt = i;
                    return;
                }
                current.add(c, i);
                if (c == quote) {
                    if (i + 1 < le && text.charAt(i + 1) == quote) {
                        current.add(text.charAt(i + 1), i + 1);
                        i++;
                    } else {
                        quote = 0;
                    }
                }
                continue;
            }
            switch (c) {
                case '!' -> {
                    finishUnlessContinued();
                    return;
                }
                case '&' -> {
                    if (restIsBlankOrComment(i + 1, le)) {
                        continuing = true;
                        continuedAt = i;
                        return;
                    }
                    reporter.error("malformed-continuation.continues-statement-at", i, i + 1);
                }
                case ';' -> {
                    if (current.kind == LogicalLine.Kind.CODE) {
                        finish();
                        current = new Chars(LogicalLine.Kind.CODE);
                    } else {
                        current.add(c, i);
                    }
                }
                case '\'', '"' -> {
                    quote = c;
                    current.add(c, i);
                }
                default -> current.add(c, i);
            }
        }
        finishUnlessContinued();
    }

    private void finishUnlessContinued() {
        if (!continuing) {
            if (quote != 0) {
                quote = 0;
            }
            finish();
        }
    }

    private void finish() {
        if (current != null && !current.isBlank()) {
            out.add(current);
        } else if (current != null && current.kind != LogicalLine.Kind.CODE) {
            out.add(current);
        }
        current = null;
    }

    /** The offset after {@code sentinel} when the line starts a directive with it, else -1. */
    private int sentinel(int p, int le, String sentinel) {
        int s = sentinelPrefix(p, le, sentinel);
        if (s < 0) {
            return -1;
        }
        return s == le || isBlank(text.charAt(s)) || text.charAt(s) == '!' ? s : -1;
    }

    private int sentinelPrefix(int p, int le, String sentinel) {
        if (p + sentinel.length() > le || !text.regionMatches(true, p, sentinel, 0, sentinel.length())) {
            return -1;
        }
        return p + sentinel.length();
    }

    private int skipBlanks(int p, int le) {
        while (p < le && isBlank(text.charAt(p))) {
            p++;
        }
        return p;
    }

    private boolean restIsBlank(int p, int le) {
        return skipBlanks(p, le) == le;
    }

    private boolean restIsBlankOrComment(int p, int le) {
        int q = skipBlanks(p, le);
        return q == le || text.charAt(q) == '!';
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }
}
