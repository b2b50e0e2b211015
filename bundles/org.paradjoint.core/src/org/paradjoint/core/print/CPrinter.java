package org.paradjoint.core.print;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
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
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Macro;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.PassiveCalls;
import org.paradjoint.core.transform.Runtime;

/**
 * Prints IR as readable C11: four-space indentation, braces on every body, parentheses only
 * where C precedence (or a {@code -Wparentheses} warning) needs them, floating literals always
 * with a dot or an exponent. A parameter the function marks unused ({@link Function#unusedParams()})
 * gets a {@code (void) x;} line at the top of the body.
 */
public class CPrinter {

    private static final int UNARY = 15;
    private static final int POSTFIX = 16;
    private static final int CONDITIONAL = 3;

    /** The text printed so far; subclasses (printers of C-like languages) append to it. */
    protected final StringBuilder out = new StringBuilder();
    protected int depth;

    /** For printers of languages whose expressions are C's but for array references and some calls (C++). */
    protected CPrinter() {
    }

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
        return printFile(functions, header, "", "");
    }

    /**
     * A whole file as {@link #printFile(List, String)}, with {@code types} (definitions of the
     * types the functions use, may be empty) after the includes and {@code trailer} (functions
     * printed elsewhere, may be empty) after the functions.
     */
    public static String printFile(List<Function> functions, String header, String types, String trailer) {
        boolean math = false;
        boolean tape = false;
        boolean threads = false;
        boolean checkpoint = false;
        boolean mpi = false;
        boolean mpiTaped = false;
        SortedSet<String> passiveHeaders = new TreeSet<>();
        for (Function f : functions) {
            mpiTaped |= StmtUtil.calls(f.body()).stream()
                    .anyMatch(c -> c.isMpi() && org.paradjoint.core.mpi.MpiRuntime.isTaped(c.name()));
            mpi |= StmtUtil.calls(f.body()).stream().anyMatch(Call::isMpi)
                    || f.params().stream().anyMatch(v -> v.type() == BaseType.MPI_COMM);
            StmtUtil.calls(f.body()).stream().filter(Call::isPassive)
                    .forEach(c -> passiveHeaders.add(PassiveCalls.header(c.name())));
            checkpoint |= StmtUtil.calls(f.body()).stream().anyMatch(Runtime::isCheckpointCall);
            math |= StmtUtil.calls(f.body()).stream().anyMatch(Call::isIntrinsic);
            tape |= f.locals().stream().anyMatch(v -> v.type() == BaseType.TAPE || v.kind() == Variable.Kind.HEAP_LOCAL)
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
        if (mpi) {
            sb.append("#include <mpi.h>\n");
            passiveHeaders.remove("mpi.h");
        }
        if (tape || threads || mpi) {
            sb.append("#include <stdio.h>\n#include <stdlib.h>\n");
            passiveHeaders.remove("stdio.h");
        }
        if (threads) {
            passiveHeaders.remove("omp.h");
        }
        for (String h : passiveHeaders) {
            sb.append("#include <").append(h).append(">\n");
        }
        if (math || tape || threads || mpi || !passiveHeaders.isEmpty()) {
            sb.append('\n');
        }
        if (!types.isEmpty()) {
            sb.append(types).append('\n');
        }
        String prototypes = Prototypes.of(functions);
        if (!prototypes.isEmpty()) {
            sb.append(prototypes).append('\n');
        }
        if (tape) {
            sb.append(Runtime.C_SOURCE).append('\n');
        }
        if (mpi) {
            sb.append(org.paradjoint.core.mpi.MpiRuntime.C_SOURCE).append('\n');
        }
        if (mpiTaped) {
            sb.append(org.paradjoint.core.mpi.MpiRuntime.TAPED_SOURCE).append('\n');
        }
        if (checkpoint) {
            sb.append(Runtime.CHECKPOINT_SOURCE).append('\n');
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
        if (!trailer.isEmpty()) {
            sb.append('\n').append(trailer);
        }
        return sb.toString();
    }

    /**
     * The prototype of a function, as its definition declares it: {@code void f_ps(int n, const double *x);},
     * wrapped as the definition's head is.
     */
    public static String prototype(Function f) {
        return CDeclarations.head(f) + ";";
    }

    /**
     * Declarations of variables, one statement a line, each line ending with a newline: scalars of one type
     * share a line, arrays and zero-initialised variables have their own ({@code = {0}}), file-scope
     * variables are {@code static} ({@link Variable.Kind}).
     */
    public static String declarations(List<Variable> variables) {
        StringBuilder sb = new StringBuilder();
        CDeclarations.declarations(variables).forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    /** A comment on a line of its own, ending with a newline: {@code /* text *}{@code /}. */
    public static String comment(String text) {
        String c = text.strip();
        return (c.startsWith("/*") ? c : "/* " + c + " */") + "\n";
    }

    /** The line that includes a header generated or shipped with the code: {@code #include "file"}. */
    public static String include(String file) {
        return "#include \"" + file + "\"\n";
    }

    /** The text of a header between the lines of its include guard (a macro named {@code guard}). */
    public static String guarded(String guard, String text) {
        return "#ifndef " + guard + "\n#define " + guard + "\n\n" + text + "\n#endif\n";
    }

    /**
     * A function head ({@code head} ends with the opening parenthesis) with its parameter
     * declarations, on one line when it fits, else wrapped with the parameters aligned after the
     * parenthesis; for printers of languages that declare functions as C does (C++).
     */
    public static String signature(String head, List<String> params) {
        return CDeclarations.signature(head, params);
    }

    /** A declaration of a variable as C declares it: {@code const double (*cl)[64]}, {@code double u[n][n]}. */
    public static String declarator(Variable v) {
        return CDeclarations.declarator(v);
    }

    // ---- functions and statements ---------------------------------------------------------

    protected void function(Function f) {
        if (f.comment() != null && !f.comment().isBlank()) {
            out.append(comment(f.comment()));
        }
        out.append(CDeclarations.head(f)).append('\n');
        out.append("{\n");
        depth++;
        CDeclarations.declarations(f.locals()).forEach(this::line);
        for (Variable p : f.unusedParamVariables()) {
            line(unusedParameter(p));
        }
        // gcc does not count "#pragma omp atomic read" of a local array as a use of the array
        // (-Wunused-but-set-variable): say it is used
        for (Variable v : atomicallyReadLocalArrays(f)) {
            line("(void) " + v.name() + ";");
        }
        List<Stmt> body = f.body().stmts();
        boolean returns = !body.isEmpty() && body.get(body.size() - 1) instanceof Return;
        for (int k = 0; k < body.size(); k++) {
            if (k == body.size() - 1 && returns) {
                releaseHeapLocals(f);
            }
            stmt(body.get(k));
        }
        if (!returns) {
            releaseHeapLocals(f);
        }
        depth--;
        out.append("}\n");
    }

    /** Frees the heap arrays of {@code f} ({@link Variable.Kind#HEAP_LOCAL}) where it ends. */
    private void releaseHeapLocals(Function f) {
        for (Variable v : f.locals()) {
            if (v.kind() == Variable.Kind.HEAP_LOCAL) {
                line(Runtime.RELEASE + "(" + v.name() + ");");
            }
        }
    }

    /** The statement that silences an unused parameter: {@code (void) x;}. */
    private static String unusedParameter(Variable p) {
        return "(void) " + p.name() + ";";
    }

    /** The local arrays that a {@code #pragma omp atomic read} reads. */
    private static List<Variable> atomicallyReadLocalArrays(Function f) {
        Set<Variable> read = new HashSet<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Assign a && a.atomic() && a.op() == Assign.Op.SET && a.value() instanceof ArrayRef r) {
                read.add(r.var());
            }
        });
        return f.locals().stream().filter(v -> v.isArray() && read.contains(v)).toList();
    }

    protected void line(String text) {
        out.append("    ".repeat(depth)).append(text).append('\n');
    }

    protected void stmt(Stmt s) {
        switch (s) {
            case Assign a -> {
                if (a.atomic()) {
                    // An atomic "=" is the read of a shared adjoint into a private temporary.
                    line(a.op() == Assign.Op.SET ? "#pragma omp atomic read" : "#pragma omp atomic");
                }
                line(expr(a.target(), 0) + " " + a.op().symbol + " " + expr(a.value(), 2) + ";");
            }
            case For f when f.hint() instanceof LoopHint.SetBits walk && f.omp() == null -> {
                // the bits taken from the word as they are visited (the hint says it is dead after the loop)
                line("while (" + walk.bits().name() + " != 0ULL) {");
                depth++;
                line(f.counter().name() + " = " + expr(f.bound(), Binary.Op.ADD.precedence) + " + "
                        + Runtime.TAKE_HIGHEST_BIT + "(&" + walk.bits().name() + ");");
                depth--;
                body(f.body());
                line("}");
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
                } else if (f.hint() != null) {
                    line(switch (f.hint()) {
                        case LoopHint.Simd simd -> "#pragma omp simd" + simd.reductionClause();
                        case Macro m -> m.name();
                        case LoopHint.SetBits walk ->
                            throw new IllegalStateException("a walk over bits is printed as a while loop");
                    });
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
            // an array declared with a value starts with every element zero (the only array initialiser made)
            case Decl d -> line(declarator(d.var()) + (d.init() == null ? "" : d.var().isArray() ? " = {0}"
                    : " = " + expr(d.init(), 2)) + ";");
        }
    }

    protected void body(Block b) {
        depth++;
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
        depth--;
    }

    protected String step(For f) {
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
            case TextOperand t -> POSTFIX + 1;
            case Binary b -> b.op().precedence;
            case Cond c -> CONDITIONAL;
        };
    }

    /** Prints {@code e} in a context that requires at least precedence {@code min}. */
    protected String expr(Expr e, int min) {
        String s = raw(e);
        return precedence(e) < min ? "(" + s + ")" : s;
    }

    private String raw(Expr e) {
        return switch (e) {
            case IntLit l -> Long.toString(l.value()) + (fitsInt(l.value()) ? "" : "L");
            case RealLit l -> literal(l);
            case VarRef r -> r.var().name();
            case ArrayRef r -> arrayRef(r);
            case Call c -> call(c);
            case Unary u -> unary(u);
            case Cast c -> "(" + c.type().cName() + ") " + expr(c.operand(), UNARY);
            case TextOperand t -> t.text();
            case Binary b -> binary(b);
            case Cond c -> expr(c.cond(), CONDITIONAL + 1) + " ? " + expr(c.then(), CONDITIONAL + 1) + " : "
                    + expr(c.otherwise(), CONDITIONAL);
        };
    }

    /** {@code a[i][j]}. */
    protected String arrayRef(ArrayRef r) {
        return r.var().name() + r.indices().stream().map(i -> "[" + expr(i, 0) + "]").collect(Collectors.joining());
    }

    /** {@code name(args)}. */
    protected String call(Call c) {
        return c.name() + "(" + c.args().stream().map(a -> expr(a, 2)).collect(Collectors.joining(", ")) + ")";
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
