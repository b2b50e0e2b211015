package org.paradjoint.fortran.print;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps printed lines within {@value #WIDTH} characters (free form allows 132): a long line is
 * broken after a blank with {@code &}, the rest indented below it; an {@code !$omp} directive
 * continues with {@code !$omp&}; a comment continues as another comment line.
 */
final class LineWrapper {

    static final int WIDTH = 100;

    private LineWrapper() {
    }

    /** The blank to break at: the shallowest parenthesis depth, then the rightmost, within the width. */
    private static int bestBreak(String s, int minCut) {
        int best = -1;
        int bestDepth = Integer.MAX_VALUE;
        int depth = 0;
        for (int i = 0; i < Math.min(s.length(), WIDTH - 1); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ' ' && i > minCut && depth <= bestDepth) {
                best = i;
                bestDepth = depth;
            }
        }
        return best;
    }

    static List<String> wrap(String line) {
        List<String> out = new ArrayList<>();
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        String body = line.stripLeading();
        boolean directive = body.startsWith("!$omp ");
        boolean comment = !directive && body.startsWith("!");
        String rest = line;
        boolean first = true;
        while (rest.length() > WIDTH) {
            int minCut = indent.length() + (first ? 20 : 26);
            int cut = bestBreak(rest, minCut);
            if (cut < 0) {
                cut = rest.indexOf(' ', WIDTH - 2);
                if (cut < 0) {
                    break;
                }
            }
            String head = rest.substring(0, cut).stripTrailing();
            String tail = rest.substring(cut + 1).stripLeading();
            if (tail.isEmpty()) {
                break;
            }
            if (comment) {
                out.add(head);
                rest = indent + "! " + tail;
            } else if (directive) {
                out.add(head + " &");
                rest = indent + "!$omp& " + tail;
            } else {
                out.add(head + " &");
                rest = indent + "    " + tail;
            }
            first = false;
        }
        out.add(rest);
        return out;
    }
}
