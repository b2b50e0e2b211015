package org.paradjoint.core.print;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.Runtime;

/**
 * Prints IR as readable C11: four-space indentation, braces on every body, parentheses only
 * where C precedence (or a {@code -Wparentheses} warning) needs them, floating literals always
 * with a dot or an exponent. A parameter the function marks unused ({@link Function#unusedParams()})
 * gets a {@code (void) x;} line at the top of the body.
 */
public final class CPrinter {

    private static final int UNARY = 15;
    private static final int POSTFIX = 16;
    private static final int CONDITIONAL = 3;
    private static final int MAX_LINE = 100;

    private final StringBuilder out = new StringBuilder();
    private int depth;

    // ---- public API ----------------------------------------------------------------------

    /** One expression. */
    public static String print(Expr e) {
        return new CPrinter().expr(e, 0);
    }

    /** One statement (with nested statements), at indentation level 0. */
    public static String print(Stmt s) {
        CPrinter p = new CPrinter();
        p.stmt(s);
        return p.out.toString();
    }

    /** One function definition, preceded by its comment when it has one. */
    public static String print(Function f) {
        CPrinter p = new CPrinter();
        p.function(f);
        return p.out.toString();
    }

    /**
     * A whole file: the includes it needs, prototypes of the functions it calls without defining
     * them, the tape runtime if used, then the functions.
     */
    public static String printFile(List<Function> functions) {
        return printFile(functions, null);
    }

    /**
     * A whole file. {@code header} (may be null) is printed first as a comment. Includes
     * {@code <math.h>} when a math intrinsic is called, {@code <stdio.h>}/{@code <stdlib.h>}
     * and the guarded runtime when a tape is used; prototypes of user functions and partials.
     */
    public static String printFile(List<Function> functions, String header) {
        boolean math = false;
        boolean tape = false;
        boolean threads = false;
        for (Function f : functions) {
            math |= StmtUtil.calls(f.body()).stream().anyMatch(Call::isIntrinsic);
            tape |= f.locals().stream().anyMatch(v -> v.type() == BaseType.TAPE)
                    || StmtUtil.calls(f.body()).stream().anyMatch(Call::isRuntime);
            threads |= ThreadAccumulators.uses(f);
        }
        StringBuilder sb = new StringBuilder();
        if (header != null && !header.isBlank()) {
            sb.append("/* ").append(header.strip()).append(" */\n");
        }
        if (math) {
            sb.append("#include <math.h>\n");
        }
        if (threads) {
            sb.append("#ifdef _OPENMP\n#include <omp.h>\n#endif\n");
        }
        if (tape || threads) {
            sb.append("#include <stdio.h>\n#include <stdlib.h>\n");
        }
        if (math || tape || threads) {
            sb.append('\n');
        }
        String prototypes = Prototypes.of(functions);
        if (!prototypes.isEmpty()) {
            sb.append(prototypes).append('\n');
        }
        if (tape) {
            sb.append(Runtime.C_SOURCE).append('\n');
        }
        if (threads) {
            sb.append(ThreadAccumulators.C_SOURCE).append('\n');
        }
        for (int k = 0; k < functions.size(); k++) {
            if (k > 0) {
                sb.append('\n');
            }
            sb.append(print(functions.get(k)));
        }
        return sb.toString();
    }

    /** The statement that silences an unused parameter: {@code (void) x;}. */
    private static List<Variable> atomicallyReadLocalArrays(Function f) {
        Set<Variable> read = new HashSet<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Assign a && a.atomic() && a.op() == Assign.Op.SET && a.value() instanceof ArrayRef r) {
                read.add(r.var());
            }
        });
        return f.locals().stream().filter(v -> v.isArray() && read.contains(v)).toList();
    }

    public static String unusedParameter(Variable p) {
        return "(void) " + p.name() + ";";
    }

    /** A declaration of a variable as C declares it: {@code const double (*cl)[64]}, {@code double u[n][n]}. */
    public static String declarator(Variable v) {
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
            sb.append(v.name()).append('[').append(print(dims.get(0).extent())).append(']');
        }
        for (int k = 1; k < dims.size(); k++) {
            Dim d = dims.get(k);
            sb.append('[').append(d.extentKnown() ? print(d.extent()) : "").append(']');
        }
        return sb.toString();
    }

    // ---- functions and statements ---------------------------------------------------------

    private void function(Function f) {
        if (f.comment() != null && !f.comment().isBlank()) {
            String c = f.comment().strip();
            if (!c.startsWith("/*")) {
                c = "/* " + c + " */";
            }
            out.append(c).append('\n');
        }
        StringBuilder head = new StringBuilder();
        if (f.isStatic()) {
            head.append("static ");
        }
        head.append(f.returnType() == null ? "void" : f.returnType().cName()).append(' ').append(f.name()).append('(');
        out.append(signature(head.toString(), f.params().stream().map(CPrinter::declarator).toList()));
        out.append("{\n");
        depth++;
        locals(f.locals());
        for (Variable p : f.unusedParamVariables()) {
            line(unusedParameter(p));
        }
        // gcc does not count "#pragma omp atomic read" of a local array as a use of the array
        // (-Wunused-but-set-variable): say it is used
        for (Variable v : atomicallyReadLocalArrays(f)) {
            line("(void) " + v.name() + ";");
        }
        for (Stmt s : f.body().stmts()) {
            stmt(s);
        }
        depth--;
        out.append("}\n");
    }

    private void locals(List<Variable> locals) {
        declarations(locals).forEach(this::line);
    }

    /**
     * The declarations of {@code locals}: scalars of one type share a line, in order of first
     * appearance; arrays get their own line.
     */
    public static List<String> declarations(List<Variable> locals) {
        Map<String, List<String>> scalars = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (Variable v : locals) {
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
        return lines.stream().map(l -> l.startsWith("\0")
                ? l.substring(1) + " " + String.join(", ", scalars.get(l.substring(1))) + ";" : l).toList();
    }

    private void line(String text) {
        out.append("    ".repeat(depth)).append(text).append('\n');
    }

    private void stmt(Stmt s) {
        switch (s) {
            case Assign a -> {
                if (a.atomic()) {
                    // An atomic "=" is the read of a shared adjoint into a private temporary.
                    line(a.op() == Assign.Op.SET ? "#pragma omp atomic read" : "#pragma omp atomic");
                }
                line(expr(a.target(), 0) + " " + a.op().symbol + " " + expr(a.value(), 2) + ";");
            }
            case For f -> {
                boolean perThread = f.omp() != null && !f.omp().accumulators().isEmpty();
                if (perThread) {
                    line("{");
                    depth++;
                    ThreadAccumulators.setup(f.omp()).forEach(this::line);
                    line("{");
                    depth++;
                    ThreadAccumulators.views(f.omp()).forEach(this::line);
                } else if (f.omp() != null) {
                    line(ompPragma(f.omp()));
                } else if (f.simd()) {
                    line("#pragma omp simd");
                }
                line("for (" + f.counter().name() + " = " + expr(f.lower(), 2) + "; " + f.counter().name() + " "
                        + f.cmp().symbol + " " + expr(f.bound(), f.cmp().precedence + 1) + "; " + step(f) + ") {");
                body(f.body());
                line("}");
                if (perThread) {
                    depth--;
                    line("}");
                    ThreadAccumulators.sums(f.omp()).forEach(this::line);
                    depth--;
                    line("}");
                }
            }
            case If i when i.then().isEmpty() && i.otherwise() != null && !i.otherwise().isEmpty() -> {
                line("if (!" + expr(i.cond(), UNARY) + ") {");
                body(i.otherwise());
                line("}");
            }
            case If i -> {
                line("if (" + expr(i.cond(), 0) + ") {");
                body(i.then());
                If cur = i;
                while (cur.otherwise() != null && cur.otherwise().stmts().size() == 1
                        && cur.otherwise().stmts().get(0) instanceof If next) {
                    line("} else if (" + expr(next.cond(), 0) + ") {");
                    body(next.then());
                    cur = next;
                }
                if (cur.otherwise() != null && !cur.otherwise().isEmpty()) {
                    line("} else {");
                    body(cur.otherwise());
                }
                line("}");
            }
            case Block b -> {
                line("{");
                body(b);
                line("}");
            }
            case CallStmt c -> line(expr(c.call(), 0) + ";");
            case Return r -> line(r.value() == null ? "return;" : "return " + expr(r.value(), 0) + ";");
            case Decl d -> line(declarator(d.var()) + (d.init() == null ? "" : " = " + expr(d.init(), 2)) + ";");
        }
    }

    private void body(Block b) {
        depth++;
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
        depth--;
    }

    private String step(For f) {
        String c = f.counter().name();
        Long k = f.constantStep();
        if (k != null) {
            if (k == 1) {
                return c + "++";
            }
            if (k == -1) {
                return c + "--";
            }
            return k > 0 ? c + " += " + k : c + " -= " + (-k);
        }
        return c + " += " + expr(f.step(), 2);
    }

    /**
     * The head of a function definition ({@code head} ends with the opening parenthesis) and its
     * parameter declarations, on one line when it fits in {@value #MAX_LINE} characters, else
     * wrapped with the parameters aligned after the parenthesis; ends with a newline.
     */
    public static String signature(String head, List<String> params) {
        String oneLine = head + (params.isEmpty() ? "void" : String.join(", ", params)) + ")";
        if (oneLine.length() <= MAX_LINE) {
            return oneLine + "\n";
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
        return text.append(line.toString().stripTrailing()).append('\n').toString();
    }

    /** The {@code #pragma omp parallel for} line of a loop. */
    public static String ompPragma(OmpParallelFor omp) {
        return "#pragma omp parallel for" + omp.sharingClauses() + loopClauses(omp);
    }

    /** A loop's {@code reduction}, {@code schedule} and {@code collapse} clauses, each with a leading blank. */
    static String loopClauses(OmpParallelFor omp) {
        StringBuilder sb = new StringBuilder();
        for (OmpParallelFor.Reduction r : omp.reductions()) {
            if (!r.vars().isEmpty()) {
                sb.append(" reduction(").append(r.op()).append(": ")
                        .append(r.vars().stream().map(CPrinter::reductionItem).collect(Collectors.joining(", ")))
                        .append(')');
            }
        }
        if (omp.schedule() != null && !omp.schedule().isBlank()) {
            sb.append(" schedule(").append(omp.schedule()).append(')');
        }
        if (omp.collapse() > 0) {
            sb.append(" collapse(").append(omp.collapse()).append(')');
        }
        return sb.toString();
    }

    /**
     * A reduction list item: a scalar by name, an array of known extents as an array section
     * ({@code xb[:n]}, {@code ub[:n][:m]}, {@code ab[:1]}); C needs sections for pointer parameters.
     */
    private static String reductionItem(Variable v) {
        if (v.isScalar() || v.dims().stream().anyMatch(d -> !d.extentKnown())) {
            return v.name();
        }
        StringBuilder sb = new StringBuilder(v.name());
        for (Dim d : v.dims()) {
            String lower = d.lower() instanceof IntLit l && l.value() == 0 ? "" : print(d.lower());
            sb.append('[').append(lower).append(':').append(print(d.extent())).append(']');
        }
        return sb.toString();
    }

    // ---- expressions ----------------------------------------------------------------------

    private static int precedence(Expr e) {
        return switch (e) {
            case IntLit l -> l.value() < 0 ? UNARY : POSTFIX + 1;
            case RealLit l -> literal(l).startsWith("-") ? UNARY : POSTFIX + 1;
            case VarRef r -> POSTFIX + 1;
            case ArrayRef r -> POSTFIX;
            case Call c -> POSTFIX;
            case Unary u -> negOfProduct(u) ? ((Binary) u.operand()).op().precedence : UNARY;
            case Cast c -> UNARY;
            case Binary b -> b.op().precedence;
            case Cond c -> CONDITIONAL;
        };
    }

    /** Prints {@code e} in a context that requires at least precedence {@code min}. */
    private String expr(Expr e, int min) {
        String s = raw(e);
        return precedence(e) < min ? "(" + s + ")" : s;
    }

    private String raw(Expr e) {
        return switch (e) {
            case IntLit l -> Long.toString(l.value()) + (fitsInt(l.value()) ? "" : "L");
            case RealLit l -> literal(l);
            case VarRef r -> r.var().name();
            case ArrayRef r -> r.var().name()
                    + r.indices().stream().map(i -> "[" + expr(i, 0) + "]").collect(Collectors.joining());
            case Call c -> c.name() + "(" + c.args().stream().map(a -> expr(a, 2)).collect(Collectors.joining(", "))
                    + ")";
            case Unary u -> unary(u);
            case Cast c -> "(" + c.type().cName() + ") " + expr(c.operand(), UNARY);
            case Binary b -> binary(b);
            case Cond c -> expr(c.cond(), CONDITIONAL + 1) + " ? " + expr(c.then(), CONDITIONAL + 1) + " : "
                    + expr(c.otherwise(), CONDITIONAL);
        };
    }

    /** {@code -(a * b)} prints as {@code -a * b}, which C reads as {@code (-a) * b}: the same value exactly. */
    private static boolean negOfProduct(Unary u) {
        return u.op() == Unary.Op.NEG && u.operand() instanceof Binary b
                && (b.op() == Binary.Op.MUL || b.op() == Binary.Op.DIV) && !new CPrinter().raw(b).startsWith("-");
    }

    private String unary(Unary u) {
        Expr o = u.operand();
        if (negOfProduct(u)) {
            return "-" + binary((Binary) o);
        }
        String inner = expr(o, UNARY);
        if (inner.startsWith("-") || inner.startsWith("!") && u.op() == Unary.Op.NOT) {
            inner = "(" + inner + ")";
        }
        return u.op().symbol + inner;
    }

    private String binary(Binary b) {
        int p = b.op().precedence;
        String left = expr(b.left(), p);
        String right = expr(b.right(), p + 1);
        if (needsWarningParens(b, b.left())) {
            left = "(" + raw(b.left()) + ")";
        }
        if (needsWarningParens(b, b.right())) {
            right = "(" + raw(b.right()) + ")";
        }
        if ((b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB) && right.startsWith("-")) {
            right = "(" + right + ")";
        }
        return left + " " + b.op().symbol + " " + right;
    }

    /** Parentheses gcc's {@code -Wparentheses} asks for: {@code &&} inside {@code ||}, comparisons of comparisons. */
    private static boolean needsWarningParens(Binary parent, Expr child) {
        if (!(child instanceof Binary c)) {
            return child instanceof Unary u && u.op() == Unary.Op.NOT && parent.op().isComparison();
        }
        if (parent.op() == Binary.Op.OR && c.op() == Binary.Op.AND) {
            return true;
        }
        return parent.op().isComparison() && c.op().isComparison();
    }

    private static boolean fitsInt(long v) {
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
    }

    /** A floating literal: the user's spelling when known, else the shortest text that reads back exactly. */
    public static String literal(RealLit l) {
        if (l.text() != null && !l.text().isBlank()) {
            return l.text();
        }
        double v = l.value();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("cannot print " + v + " as a C literal");
        }
        String s = Double.toString(v);
        int e = s.indexOf('E');
        if (e >= 0) {
            String mant = s.substring(0, e);
            String exp = s.substring(e + 1);
            return mant + "e" + exp;
        }
        return s;
    }
}
