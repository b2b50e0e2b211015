package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The procedures of free-form Fortran text as offset ranges, found line by line without parsing
 * (menus ask on the UI thread): a range starts after the previous procedure ended (so that the
 * {@code !$ad} lines before a subroutine belong to it) and ends after its {@code end subroutine},
 * {@code end function} or bare {@code end}. Procedures nested in a procedure belong to it;
 * module procedures are ranges of their own. Comments and directive lines are not code here.
 */
public final class FortranUnits {

    private static final Pattern START = Pattern.compile("^(?:(?:pure|impure|elemental|recursive|non_recursive|module)"
            + "\\s+|(?:integer|real|logical|complex|character|double\\s*precision|type\\s*\\([^)]*\\))"
            + "(?:\\s*\\([^)]*\\)|\\s*\\*\\s*\\d+)?\\s+)*(?:subroutine|function)\\s+[a-z_]\\w*");
    private static final Pattern END = Pattern.compile("^end(?:\\s*(?:subroutine|function)(?:\\s+\\w+)?)?$");

    private FortranUnits() {
    }

    public static List<int[]> declarations(String text) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        int pos = 0;
        while (pos < text.length()) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl + 1;
            String code = code(text.substring(pos, end));
            if (START.matcher(code).find()) {
                depth++;
            } else if (depth > 0 && END.matcher(code).matches() && --depth == 0) {
                out.add(new int[] {start, end});
                start = end;
            }
            pos = end;
        }
        return out;
    }

    /** The line without its comment (and directive), lower case, stripped. */
    private static String code(String line) {
        char quote = 0;
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '!') {
                return line.substring(0, k).strip().toLowerCase(Locale.ROOT);
            }
        }
        return line.strip().toLowerCase(Locale.ROOT);
    }
}
