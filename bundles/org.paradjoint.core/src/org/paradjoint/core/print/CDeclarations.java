package org.paradjoint.core.print;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.Macro;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.Runtime;

/**
 * The declarations {@link CPrinter} writes: variables (parameters, locals, file-scope variables)
 * and function heads, which definitions and prototypes share, so that a prototype is printed from
 * the {@link Function} rather than cut out of its printed definition.
 */
final class CDeclarations {

    private static final int MAX_LINE = 100;

    private CDeclarations() {
    }

    /** A declaration of a variable as C declares it: {@code const double (*cl)[64]}, {@code double u[n][n]}. */
    static String declarator(Variable v) {
        StringBuilder sb = new StringBuilder();
        if (v.isConst()) {
            sb.append("const ");
        }
        sb.append(v.type().cName()).append(' ');
        List<Dim> dims = v.dims();
        if (dims.isEmpty()) {
            return sb.append(v.name()).toString();
        }
        if (!dims.get(0).extentKnown()) {
            if (dims.size() == 1) {
                return sb.append('*').append(v.name()).toString();
            }
            sb.append("(*").append(v.name()).append(')');
        } else {
            sb.append(v.name()).append('[').append(CPrinter.print(dims.get(0).extent())).append(']');
        }
        for (int k = 1; k < dims.size(); k++) {
            Dim d = dims.get(k);
            sb.append('[').append(d.extentKnown() ? CPrinter.print(d.extent()) : "").append(']');
        }
        return sb.toString();
    }

    /**
     * The declarations of {@code locals}: scalars of one type share a line, in order of first
     * appearance; arrays, and variables that start at zero ({@code = {0}}, or on the heap), get their
     * own line.
     * File-scope variables are declared {@code static}.
     */
    static List<String> declarations(List<Variable> locals) {
        Map<String, List<String>> scalars = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (Variable v : locals) {
            switch (v.kind()) {
                case ZEROED_LOCAL -> lines.add(declarator(v) + " = {0};");
                case FILE_SCOPE -> lines.add("static " + declarator(v) + ";");
                case HEAP_LOCAL -> lines.add(declarator(v.withDims(pointerToRows(v))) + " = " + Runtime.ZEROS + "("
                        + elements(v) + ", sizeof(" + v.type().cName() + "));");
                default -> {
                    if (v.isScalar()) {
                        // locals are assigned after their declaration (front-ends split initialisers): never const
                        scalars.computeIfAbsent(v.type().cName(), t -> {
                            lines.add("\0" + t);
                            return new ArrayList<>();
                        }).add(v.name());
                    } else {
                        lines.add(declarator(v) + ";");
                    }
                }
            }
        }
        return lines.stream().map(l -> l.startsWith("\0")
                ? l.substring(1) + " " + String.join(", ", scalars.get(l.substring(1))) + ";" : l).toList();
    }

    /** A heap array's dimensions as its pointer declares them: the leading one left out ({@code double (*w)[n]}). */
    private static List<Dim> pointerToRows(Variable v) {
        List<Dim> dims = new ArrayList<>(v.dims());
        dims.set(0, new Dim(dims.get(0).lower(), null));
        return dims;
    }

    /** The number of elements of a C array, a {@code long} product of its extents. */
    private static String elements(Variable v) {
        List<String> factors = new ArrayList<>();
        for (Dim d : v.dims()) {
            factors.add("(" + CPrinter.print(d.extent()) + ")");
        }
        return "(long) " + String.join(" * ", factors);
    }

    /** The declaration of {@code f} up to its body, without a final newline: linkage, result, name, parameters. */
    static String head(Function f) {
        StringBuilder head = new StringBuilder();
        switch (f.linkage()) {
            case Linkage.External e -> {
            }
            case Linkage.Static s -> head.append("static ");
            case Macro m -> head.append(m.name()).append(' ');
        }
        if (f.returnKind() == Function.ReturnKind.CONST_POINTER) {
            head.append("const ");
        }
        head.append(f.returnType() == null ? "void" : f.returnType().cName()).append(' ');
        if (f.returnKind() != Function.ReturnKind.VALUE) {
            head.append('*');
        }
        head.append(f.name()).append('(');
        return signature(head.toString(), f.params().stream().map(CDeclarations::declarator).toList());
    }

    /**
     * The head of a function ({@code head} ends with the opening parenthesis) and its parameter
     * declarations, on one line when it fits in {@value #MAX_LINE} characters, else wrapped with the
     * parameters aligned after the parenthesis.
     */
    static String signature(String head, List<String> params) {
        String oneLine = head + (params.isEmpty() ? "void" : String.join(", ", params)) + ")";
        if (oneLine.length() <= MAX_LINE) {
            return oneLine;
        }
        StringBuilder text = new StringBuilder();
        String pad = " ".repeat(head.length());
        StringBuilder line = new StringBuilder(head);
        for (int k = 0; k < params.size(); k++) {
            String piece = params.get(k) + (k + 1 < params.size() ? "," : ")");
            if (line.length() > pad.length() && line.length() + 1 + piece.length() > MAX_LINE) {
                text.append(line.toString().stripTrailing()).append('\n');
                line = new StringBuilder(pad);
            }
            line.append(piece).append(' ');
        }
        return text.append(line.toString().stripTrailing()).toString();
    }
}
