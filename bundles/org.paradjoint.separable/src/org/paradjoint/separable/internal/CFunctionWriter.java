package org.paradjoint.separable.internal;

import java.util.List;

import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/**
 * Prints a C function whose parameters or locals include types of the support file (which the
 * IR cannot name): the signature and declarations from text, the body statement by statement
 * with {@link CPrinter}, in its layout (four-space indentation, braces everywhere).
 */
final class CFunctionWriter {

    private final StringBuilder out = new StringBuilder();

    /**
     * {@code params} and {@code declarations} are C text; IR locals go through {@link #locals(List)}.
     * The parameters in {@code unused} get {@code (void) p;} lines after the declarations.
     */
    static String write(String comment, String head, List<String> params, List<String> declarations,
            List<Variable> unused, List<Stmt> body) {
        return write(comment, head, params, declarations, unused, body, null, null);
    }

    /**
     * As {@link #write(String, String, List, List, List, List)}; every loop whose header starts with
     * {@code loopPrefix} (e.g. {@code for (pa_k = 0;}) is preceded by the line {@code loopMarker}.
     */
    static String write(String comment, String head, List<String> params, List<String> declarations,
            List<Variable> unused, List<Stmt> body, String loopPrefix, String loopMarker) {
        CFunctionWriter w = new CFunctionWriter();
        if (comment != null && !comment.isBlank()) {
            w.out.append("/* ").append(comment.strip()).append(" */\n");
        }
        w.out.append(CPrinter.signature(head + "(", params));
        w.out.append("{\n");
        for (String d : declarations) {
            w.out.append("    ").append(d).append('\n');
        }
        for (Variable p : unused) {
            w.out.append("    ").append(CPrinter.unusedParameter(p)).append('\n');
        }
        for (Stmt s : body) {
            for (String line : CPrinter.print(s).split("\n")) {
                if (loopPrefix != null && line.stripLeading().startsWith(loopPrefix)) {
                    w.out.append("    ").append(line, 0, line.length() - line.stripLeading().length())
                            .append(loopMarker).append('\n');
                }
                if (!line.isEmpty()) {
                    w.out.append("    ").append(line).append('\n');
                }
            }
        }
        w.out.append("}\n");
        return w.out.toString();
    }

    /** Declarations of IR locals as the core printer makes them: scalars of one type on one line, arrays alone. */
    static List<String> locals(List<Variable> locals) {
        return CPrinter.declarations(locals);
    }

    static List<String> params(List<Variable> params) {
        return params.stream().map(CPrinter::declarator).toList();
    }
}
