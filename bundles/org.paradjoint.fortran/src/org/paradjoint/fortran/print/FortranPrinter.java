package org.paradjoint.fortran.print;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ThreadAccumulators;
import org.paradjoint.core.transform.Runtime;
import org.paradjoint.fortran.internal.Bounds;

/**
 * Prints IR functions as Fortran 2008 that compiles with
 * {@code gfortran -std=f2008 -Wall -Werror -fopenmp}: subroutines (functions when the IR
 * function returns a value), {@code implicit none}, one declaration per variable with its
 * bounds ({@code lower:upper}, assumed size {@code *} when the last extent is unknown),
 * {@code intent(in)} for const parameters and {@code intent(inout)} otherwise, {@code do} loops
 * with {@code !$omp parallel do} and its clauses, {@code !$omp atomic} before atomic updates,
 * and the tape of adjoints from module {@code paradjoint_tape} ({@link FortranRuntime}).
 * The {@code !$ad} annotations are left out, as the C printer leaves out {@code #pragma ad}: a
 * derivative copies the primal's statements, and their annotations mean nothing there. Only
 * {@link #printAnnotated(Function)} writes them, to print a primal back as source.
 * <p>
 * What Fortran does not have is rewritten with the same meaning: block declarations are
 * hoisted (and made private when they sit inside a parallel loop, as in C); a C cast to void of
 * an unused parameter becomes a dead {@code if (.false.) print *, x} so that the argument counts
 * as used; conversions that C makes implicitly are written out where gfortran would warn. What
 * cannot be printed is an {@link UnsupportedException} with code {@code fortran-output}.
 * <p>
 * This class prints the statements; the specification part comes from
 * {@link FortranDeclarations}, expressions from {@link FortranExprPrinter} and the OpenMP loop
 * directive from {@link OmpDirectiveText}.
 */
public final class FortranPrinter {

    private final FortranExprPrinter exprs;
    private final StringBuilder out = new StringBuilder();
    private int depth;
    private Variable result;
    /** Dummies to declare with assumed shape ({@code x(:)}) although the IR cannot tell them from {@code x(*)}. */
    private Set<String> assumedShape = Set.of();
    /** Whether {@code !$ad} lines are written (a primal printed back as source). */
    private boolean annotations;
    /** The MPI run-time module the procedures of the file use ({@link FortranMpi#moduleName}). */
    private String mpiModule = FortranMpi.DEFAULT_MODULE;

    private FortranPrinter(Map<String, BaseType> functionTypes) {
        this.exprs = new FortranExprPrinter(functionTypes);
    }

    // ---- public API ---------------------------------------------------------------------------

    /** One expression (numbers as numbers, truth values as logicals). */
    public static String print(Expr e) {
        return new FortranPrinter(Map.of()).exprs.expr(e, 0);
    }

    /** One statement, at indentation level 0. */
    public static String print(Stmt s) {
        FortranPrinter p = new FortranPrinter(Map.of());
        p.stmt(s, null);
        return p.out.toString();
    }

    /** One subroutine or function, preceded by its comment when it has one. */
    public static String print(Function f) {
        return print(f, List.of(f));
    }

    /** One procedure of a file whose other procedures are {@code all} (their result types type calls). */
    public static String print(Function f, List<Function> all) {
        FortranPrinter p = new FortranPrinter(types(all));
        p.mpiModule = FortranMpi.moduleName(all);
        p.function(f);
        return p.out.toString();
    }

    /**
     * A primal procedure as source: {@link #print(Function)} with its {@code !$ad} annotations
     * where they apply (before the procedure, a loop or an assignment), so that it reads back as
     * the same IR.
     */
    public static String printAnnotated(Function f) {
        FortranPrinter p = new FortranPrinter(types(List.of(f)));
        p.annotations = true;
        p.function(f);
        return p.out.toString();
    }

    /**
     * A whole file: the comment {@code header} (may be null), the tape module when a procedure
     * uses it, the MPI module when a procedure communicates, then the procedures.
     */
    public static String printFile(List<Function> functions, String header) {
        return printFile(functions, header, true);
    }

    /**
     * As {@link #printFile(List, String)}; {@code withRuntime} false leaves the tape module out (link it
     * once). A file whose procedures communicate always carries its MPI module, which is its own
     * ({@link FortranMpi#moduleName}).
     */
    public static String printFile(List<Function> functions, String header, boolean withRuntime) {
        StringBuilder sb = new StringBuilder();
        if (header != null && !header.isBlank()) {
            for (String l : header.strip().split("\\R")) {
                sb.append("! ").append(l.strip()).append('\n');
            }
            sb.append('\n');
        }
        boolean mpi = functions.stream().anyMatch(FortranMpi::usesMpi);
        boolean tapedMpi = functions.stream().anyMatch(FortranMpi::usesTapedRuntime);
        if (withRuntime && (functions.stream().anyMatch(FortranPrinter::usesTape) || tapedMpi)) {
            sb.append(FortranRuntime.MODULE_SOURCE).append('\n');
        }
        if (mpi) {
            // the file's own module: the tangent's and the adjoint's of one source may meet in one program
            sb.append(FortranMpi.runtimeModule(FortranMpi.moduleName(functions), tapedMpi)).append('\n');
        }
        for (int k = 0; k < functions.size(); k++) {
            if (k > 0) {
                sb.append('\n');
            }
            sb.append(print(functions.get(k), functions));
        }
        return sb.toString();
    }

    /**
     * An {@code interface ... end interface} block declaring {@code f} exactly as
     * {@link #print(Function)} defines it, for callers of procedures with assumed-shape dummies.
     */
    public static String interfaceBlock(Function f) {
        return interfaceBlock(f, Set.of());
    }

    /**
     * An interface block for {@code f} where the dummies named in {@code assumedShape} are
     * declared with assumed shape, as the source declared them ({@code x(:)}; the IR keeps only
     * an unknown extent, which prints as {@code x(*)}).
     */
    public static String interfaceBlock(Function f, Set<String> assumedShape) {
        FortranPrinter p = new FortranPrinter(types(List.of(f)));
        p.assumedShape = assumedShape;
        p.depth = 1;
        p.line(FortranDeclarations.header(f));
        p.depth = 2;
        p.exprs.mpiF08 = FortranMpi.usesF08(f);
        if (p.exprs.mpiF08) {
            p.line("use mpi_f08");
        }
        p.declare(f, List.of(), true);
        p.depth = 1;
        p.line("end " + (f.returnType() == null ? "subroutine " : "function ") + f.name());
        return "interface\n" + p.out + "end interface\n";
    }

    /** True when a caller needs an explicit interface for {@code f} (an assumed-shape dummy). */
    public static boolean needsExplicitInterface(Function f, Set<String> assumedShape) {
        return f.params().stream().anyMatch(v -> v.isArray() && v.type() != BaseType.TAPE
                && (assumedShape.contains(v.name())
                        || v.rank() > 1 && v.dims().stream().noneMatch(Dim::extentKnown)));
    }

    /** The text of the tape module. */
    public static String runtimeModule() {
        return FortranRuntime.MODULE_SOURCE;
    }

    /** True when the function needs module {@code paradjoint_tape}. */
    public static boolean usesTape(Function f) {
        return f.locals().stream().anyMatch(v -> v.type() == BaseType.TAPE)
                || StmtUtil.calls(f.body()).stream().anyMatch(Call::isRuntime)
                || FortranDeclarations.hoisted(f.body()).stream().anyMatch(v -> v.type() == BaseType.TAPE);
    }

    private static Map<String, BaseType> types(List<Function> all) {
        Map<String, BaseType> m = new HashMap<>();
        for (Function g : all) {
            if (g.returnType() != null) {
                m.put(g.name(), g.returnType());
            }
        }
        return m;
    }

    // ---- procedures ---------------------------------------------------------------------------

    private void function(Function original) {
        Function f = LazyOperands.apply(original, exprs);
        FortranDeclarations.checkNames(f);
        if (f.comment() != null && !f.comment().isBlank()) {
            String c = f.comment().strip();
            if (c.startsWith("/*") && c.endsWith("*/")) {
                c = c.substring(2, c.length() - 2).strip();
            }
            line("! " + c);
        }
        result = FortranDeclarations.resultVariable(f);
        annotate(AdAnnotations.functionLevel(f));
        line(FortranDeclarations.header(f));
        depth++;
        if (usesTape(f)) {
            line("use " + FortranRuntime.MODULE_NAME);
        }
        exprs.mpiF08 = FortranMpi.usesF08(f);
        if (FortranMpi.usesMpi(f)) {
            line(exprs.mpiF08 ? "use mpi_f08" : "use mpi");
            line("use " + mpiModule);
        }
        if (asksTeamSize(f)) {
            line("!$ use omp_lib");
        }
        List<Variable> extra = FortranDeclarations.hoisted(f.body());
        declare(f, extra, false);
        new FortranDeclarations(exprs, assumedShape).allocations(f, extra).forEach(this::line);
        for (Variable p : f.unusedParamVariables()) {
            // a dummy the procedure does not need, read in dead code so that no compiler warns
            line("if (.false.) print *, " + firstElement(new VarRef(p)));
        }
        List<Stmt> body = f.body().stmts();
        for (int k = 0; k < body.size(); k++) {
            Stmt s = body.get(k);
            if (k == body.size() - 1 && s instanceof Return r && result != null && isResultRef(r.value())) {
                continue;
            }
            stmt(s, null);
        }
        depth--;
        line("end " + (f.returnType() == null ? "subroutine " : "function ") + f.name());
    }

    /** Writes the declaration lines of {@code f} (see {@link FortranDeclarations#declarations}). */
    private void declare(Function f, List<Variable> hoisted, boolean paramsOnly) {
        new FortranDeclarations(exprs, assumedShape).declarations(f, result, hoisted, paramsOnly).forEach(this::line);
    }

    private boolean isResultRef(Expr e) {
        return e instanceof VarRef v && v.var().equals(result);
    }

    // ---- statements ---------------------------------------------------------------------------

    private void line(String text) {
        for (String l : LineWrapper.wrap("  ".repeat(depth) + text)) {
            out.append(l).append('\n');
        }
    }

    private void annotate(List<AdPragma> pragmas) {
        if (annotations) {
            pragmas.forEach(p -> line(AdAnnotations.line(p, exprs)));
        }
    }

    /** Prints {@code s}; {@code parallel} is the enclosing parallel loop's private list to extend (or null). */
    private void stmt(Stmt s, List<Variable> parallel) {
        switch (s) {
            case Assign a -> assign(a);
            case For f -> loop(f, parallel);
            case If i -> branch(i, parallel);
            case Block b -> b.stmts().forEach(x -> stmt(x, parallel));
            case CallStmt c -> callStatement(c);
            case Return r -> returnStatement(r);
            case Decl d -> {
                if (d.init() != null) {
                    assign(Assign.set(new VarRef(d.var(), d.range()), d.init()));
                }
            }
        }
    }

    /**
     * True when {@code f} asks the team size a parallel loop gets (a region divided by thread
     * number is lowered to loops over thread numbers, see core's {@code ThreadPhases}).
     */
    private static boolean asksTeamSize(Function f) {
        return StmtUtil.calls(f.body()).stream().anyMatch(c -> c.name().equals(ThreadAccumulators.NUM_THREADS));
    }

    private void assign(Assign a) {
        if (a.op() == Assign.Op.SET && a.value() instanceof Call c && c.name().equals(ThreadAccumulators.NUM_THREADS)) {
            // the team size: 1 without OpenMP, which the conditional-compilation line replaces
            String lhs = exprs.expr(a.target(), 0);
            line(lhs + " = 1");
            line("!$ " + lhs + " = omp_get_max_threads()");
            return;
        }
        FType target = exprs.type(a.target());
        String lhs = exprs.expr(a.target(), 0);
        String rhs;
        if (a.op() == Assign.Op.SET) {
            rhs = exprs.converted(a.value(), target, 0);
        } else {
            Binary.Op op = switch (a.op()) {
                case ADD -> Binary.Op.ADD;
                case SUB -> Binary.Op.SUB;
                case MUL -> Binary.Op.MUL;
                default -> Binary.Op.DIV;
            };
            FType t = FType.join(target, exprs.type(a.value()));
            int min = op == Binary.Op.ADD || op == Binary.Op.SUB ? FortranExprPrinter.MUL : FortranExprPrinter.POW;
            String operand = t == target ? exprs.converted(a.value(), target, min) : exprs.numeric(a.value(), min);
            String update = lhs + " " + op.symbol + " " + operand;
            rhs = t == target ? update : exprs.converted(new Binary(op, a.target(), a.value()), target, 0);
        }
        annotate(a.pragmas());
        if (a.atomic()) {
            // An atomic "=" is the read of a shared adjoint into a private temporary.
            line(a.op() == Assign.Op.SET ? "!$omp atomic read" : "!$omp atomic");
        }
        line(lhs + " = " + rhs);
    }

    private void loop(For f, List<Variable> enclosingPrivates) {
        Long step = f.constantStep();
        boolean up = f.cmp() == Binary.Op.LT || f.cmp() == Binary.Op.LE;
        boolean down = f.cmp() == Binary.Op.GT || f.cmp() == Binary.Op.GE;
        if (step != null && (step == 0 || step > 0 && !up || step < 0 && !down)) {
            throw new UnsupportedException("fortran-output.loop-step", f.range(), "counter", f.counter().name(), "cmp",
                    f.cmp().symbol, "step", step);
        }
        if (step == null && !up && !down) {
            throw new UnsupportedException("fortran-output.loop-condition", f.range(), "counter", f.counter().name(),
                    "cmp", f.cmp().symbol);
        }
        Expr last = switch (f.cmp()) {
            case LT -> Bounds.addConst(f.bound(), -1);
            case GT -> Bounds.addConst(f.bound(), 1);
            default -> f.bound();
        };
        List<Variable> privates = enclosingPrivates;
        annotate(f.pragmas());
        if (f.omp() != null) {
            privates = new ArrayList<>(f.omp().privates());
            for (Variable v : FortranDeclarations.hoisted(f.body())) {
                if (!privates.contains(v) && !f.omp().firstprivates().contains(v)) {
                    privates.add(v);
                }
            }
            line(OmpDirectiveText.of(f.omp().withPrivates(privates)));
        } else if (f.simd()) {
            // temporaries are procedure locals in Fortran: each SIMD lane needs its own
            List<Variable> temps = FortranDeclarations.hoisted(f.body());
            line("!$omp simd" + (temps.isEmpty() ? ""
                    : " private(" + String.join(", ", temps.stream().map(Variable::name).toList()) + ")")
                    + ((org.paradjoint.core.ir.LoopHint.Simd) f.hint()).reductionClause());
        } else if (f.hint() instanceof org.paradjoint.core.ir.Macro m) {
            // a macro of a C support header: only C code includes one
            throw new IllegalArgumentException("loop hint " + m.name() + " has no Fortran form");
        }
        String stepText = step != null ? (step == 1 ? "" : ", " + step) : ", " + exprs.numeric(f.step(), 0);
        line("do " + f.counter().name() + " = " + exprs.numeric(f.lower(), 0) + ", " + exprs.numeric(last, 0)
                + stepText);
        depth++;
        for (Stmt s : f.body().stmts()) {
            stmt(s, privates);
        }
        depth--;
        line("end do");
        if (f.omp() != null) {
            line("!$omp end parallel do");
        }
    }

    /** The {@code !$omp parallel do} line of a loop. */
    public static String ompDirective(OmpParallelFor omp) {
        return OmpDirectiveText.of(omp);
    }

    private void branch(If i, List<Variable> privates) {
        line("if (" + exprs.logical(i.cond(), 0) + ") then");
        body(i.then(), privates);
        If cur = i;
        while (cur.otherwise() != null && cur.otherwise().stmts().size() == 1
                && cur.otherwise().stmts().get(0) instanceof If next) {
            line("else if (" + exprs.logical(next.cond(), 0) + ") then");
            body(next.then(), privates);
            cur = next;
        }
        if (cur.otherwise() != null) {
            line("else");
            body(cur.otherwise(), privates);
        }
        line("end if");
    }

    private void body(Block b, List<Variable> privates) {
        depth++;
        for (Stmt s : b.stmts()) {
            stmt(s, privates);
        }
        depth--;
    }

    private void callStatement(CallStmt cs) {
        var c = cs.call();
        String n = c.name();
        if (n.equals(Runtime.POP_I)) {
            line("call " + FortranRuntime.DROP_I + "(" + exprs.expr(c.args().get(0), 0) + ")");
            return;
        }
        if (n.equals(Runtime.POP_D)) {
            throw new UnsupportedException("fortran-output.popped-real-value", cs.range());
        }
        if (c.isMpi()) {
            line("call " + exprs.mpiCall(c));
            return;
        }
        List<String> args = new ArrayList<>();
        for (int k = 0; k < c.args().size(); k++) {
            Expr a = c.args().get(k);
            if (n.equals(Runtime.PUSH_D) && k == 1) {
                args.add(exprs.converted(a, FType.DOUBLE, 0));
            } else if (n.equals(Runtime.PUSH_I) && k == 1) {
                args.add(exprs.converted(a, FType.INT, 0));
            } else {
                args.add(exprs.expr(a, 0));
            }
        }
        line("call " + n + "(" + String.join(", ", args) + ")");
    }

    /** A reference that reads {@code e} (its first element for an array), to mark a dummy as used. */
    private String firstElement(Expr e) {
        if (e instanceof VarRef r && r.var().isArray()) {
            return r.var().name() + "(" + r.var().dims().stream().map(d -> exprs.numeric(d.lower(), 0))
                    .collect(Collectors.joining(", ")) + ")";
        }
        return exprs.expr(e, 0);
    }

    private void returnStatement(Return r) {
        if (r.value() != null && result != null && !isResultRef(r.value())) {
            line(result.name() + " = " + exprs.converted(r.value(), FType.of(result.type()), 0));
        }
        line("return");
    }
}
