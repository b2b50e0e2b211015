package org.paradjoint.cdt;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/**
 * Prints IR of Kokkos units back as Kokkos C++. Arrays are Views: a parameter or local whose
 * {@link Variable#typeName()} is a template parameter is declared with it, any other View with
 * the type its element type, rank, extents, constness and layout give
 * ({@code Kokkos::View<const double**, Kokkos::LayoutLeft>}); an array parameter without a type
 * name is a scalar output (the adjoint of a scalar parameter), passed by reference. Elements are
 * {@code v(i, j)}. A parallel loop is a kernel: {@code parallel_for} over a {@code RangePolicy}
 * (a collapsed nest: an {@code MDRangePolicy}) with a {@code KOKKOS_LAMBDA} whose parameters are
 * the counters and whose body declares the loop's private variables; a loop with a sum reduction
 * is a {@code parallel_reduce} whose accumulator takes the reduced variable's name, its result
 * added to the variable. An atomic increment is {@code Kokkos::atomic_add}. Expressions are
 * printed as C prints them.
 * <p>
 * Host code may not touch View elements (a View may live on a device): an element outside a
 * kernel, a tape, or a construct without a Kokkos form is a located error.
 */
public final class KokkosPrinter extends CPrinter {

    /** The generic name of Views in {@link Variable#typeName()}. */
    public static final String VIEW = "Kokkos::View";

    /** How many kernels enclose the statement being printed (0: host code). */
    private int kernels;
    /** Where the function being printed comes from: errors are located there. */
    private SourceRange where = SourceRange.NONE;

    private KokkosPrinter() {
    }

    /** A whole file: Kokkos's header, {@code <cmath>} when a math function is called, the functions. */
    public static String printFile(List<Function> functions) {
        boolean math = functions.stream().anyMatch(f -> StmtUtil.calls(f.body()).stream().anyMatch(Call::isIntrinsic));
        StringBuilder sb = new StringBuilder("#include <Kokkos_Core.hpp>\n");
        if (math) {
            sb.append("#include <cmath>\n");
        }
        for (Function f : functions) {
            KokkosPrinter p = new KokkosPrinter();
            p.function(f);
            sb.append('\n').append(p.out);
        }
        return sb.toString();
    }

    /** One expression, as Kokkos code spells it (in messages). */
    public static String print(Expr e) {
        return new KokkosPrinter().kernelExpr(e);
    }

    private String kernelExpr(Expr e) {
        kernels++;
        return expr(e, 0);
    }

    /** The type a variable is declared with: a template parameter's name where the source gives one. */
    public static String type(Variable v) {
        if (v.isArray() && v.typeName() != null && !v.typeName().equals(VIEW)) {
            return v.typeName();
        }
        return concreteType(v);
    }

    /** The type of a variable as its element type, rank, extents, constness and layout give it. */
    public static String concreteType(Variable v) {
        if (v.isScalar()) {
            return (v.isConst() ? "const " : "") + v.type().cName();
        }
        StringBuilder sb = new StringBuilder("Kokkos::View<");
        sb.append(v.isConst() ? "const " : "").append(v.type().cName());
        for (Dim d : v.dims()) {
            if (!d.extentKnown() || !(d.extent() instanceof IntLit)) {
                sb.append('*');
            }
        }
        for (Dim d : v.dims()) {
            if (d.extentKnown() && d.extent() instanceof IntLit l) {
                sb.append('[').append(l.value()).append(']');
            }
        }
        if (v.layout() == Layout.COLUMN_MAJOR) {
            sb.append(", Kokkos::LayoutLeft");
        }
        return sb.append('>').toString();
    }

    private static boolean isView(Variable v) {
        return v.isArray() && v.typeName() != null;
    }

    // ---- functions ------------------------------------------------------------------------

    @Override
    protected void function(Function f) {
        where = f.range();
        if (f.comment() != null && !f.comment().isBlank()) {
            String c = f.comment().strip();
            out.append(c.startsWith("/*") ? c : "/* " + c + " */").append('\n');
        }
        Set<String> templates = new LinkedHashSet<>();
        f.params().stream().filter(v -> isView(v) && !v.typeName().equals(VIEW)).forEach(v -> templates.add(v.typeName()));
        if (!templates.isEmpty()) {
            out.append("template <").append(templates.stream().map(t -> "typename " + t)
                    .collect(Collectors.joining(", "))).append(">\n");
        }
        String head = (f.isStatic() ? "static " : "") + (f.returnType() == null ? "void" : f.returnType().cName())
                + " " + f.name() + "(";
        out.append(signature(head, f.params().stream().map(this::parameter).toList())).append('\n');
        out.append("{\n");
        depth++;
        Set<Variable> kernelOnly = kernelOnlyLocals(f);
        List<Variable> scalars = new ArrayList<>();
        for (Variable v : f.locals()) {
            if (kernelOnly.contains(v)) {
                continue;
            }
            if (v.isScalar()) {
                scalars.add(v);
            } else {
                line(localView(v));
            }
        }
        declarations(scalars).lines().forEach(this::line);
        for (Variable p : f.unusedParamVariables()) {
            line("(void) " + p.name() + ";");
        }
        for (Stmt s : f.body().stmts()) {
            stmt(s);
        }
        depth--;
        out.append("}\n");
    }

    private String parameter(Variable v) {
        if (isView(v)) {
            return type(v) + " " + v.name();
        }
        if (v.isArray()) {
            // the adjoint of a scalar parameter: an output
            return v.type().cName() + " &" + v.name();
        }
        return type(v) + " " + v.name();
    }

    private String localView(Variable v) {
        if (v.type().isOpaque()) {
            throw unsupported(v.name(), "a host tape of the values the primal overwrites and the adjoint reads");
        }
        if (!isView(v) || v.dims().stream().anyMatch(d -> !d.extentKnown())) {
            throw unsupported(v.name(), "a local array that is not a View");
        }
        StringBuilder sb = new StringBuilder(type(v)).append(' ').append(v.name()).append("(\"").append(v.name())
                .append('"');
        for (Dim d : v.dims()) {
            if (!(d.extent() instanceof IntLit)) {
                sb.append(", ").append(expr(d.extent(), 2));
            }
        }
        return sb.append(");").toString();
    }

    /**
     * Scalar locals used only inside kernels: declared in the lambdas (their privates and
     * counters), not on the host. Views are always declared on the host.
     */
    private static Set<Variable> kernelOnlyLocals(Function f) {
        Set<Variable> inside = new LinkedHashSet<>();
        Set<Variable> outside = new LinkedHashSet<>();
        collect(f.body().stmts(), false, inside, outside);
        inside.removeAll(outside);
        inside.removeIf(Variable::isArray);
        return inside;
    }

    private static void collect(List<Stmt> stmts, boolean inKernel, Set<Variable> inside, Set<Variable> outside) {
        for (Stmt s : stmts) {
            if (!inKernel && s instanceof For f && f.omp() != null) {
                inside.addAll(StmtUtil.mentioned(f));
                outside.addAll(f.omp().reductionVariables());
                continue;
            }
            if (!inKernel && !StmtUtil.branches(s).isEmpty()) {
                for (Expr e : StmtUtil.ownExprs(s)) {
                    outside.addAll(org.paradjoint.core.expr.ExprUtil.variables(e));
                }
                if (s instanceof For f) {
                    outside.add(f.counter());
                }
                for (Block b : StmtUtil.branches(s)) {
                    collect(b.stmts(), false, inside, outside);
                }
                continue;
            }
            outside.addAll(StmtUtil.mentioned(s));
        }
    }

    // ---- statements -----------------------------------------------------------------------

    @Override
    protected void stmt(Stmt s) {
        if (kernels == 0 && !(s instanceof For f && f.omp() != null) && touchesViews(s)) {
            serialKernel(s);
            return;
        }
        switch (s) {
            case For f when f.omp() != null && kernels == 0 -> kernel(f);
            case For f when f.omp() != null -> throw unsupported(f.counter().name(), "a kernel inside a kernel");
            case Assign a when a.atomic() && a.op() == Assign.Op.SET -> line(expr(a.target(), 0)
                    + " = Kokkos::atomic_fetch_add(&" + expr(a.value(), 16) + ", 0.0);");
            case Assign a when a.atomic() -> line("Kokkos::atomic_add(&" + expr(a.target(), 16) + ", "
                    + expr(a.op() == Assign.Op.SUB ? new Unary(Unary.Op.NEG, a.value(), a.range()) : a.value(), 2)
                    + ");");
            case CallStmt c when c.call().isRuntime() -> throw unsupported(c.call().name(), "a tape");
            default -> super.stmt(s);
        }
    }

    /** True when {@code s} reads or writes an element of a View and contains no parallel loop. */
    private static boolean touchesViews(Stmt s) {
        boolean[] views = {false};
        boolean[] kernels = {false};
        StmtUtil.forEach(s, x -> {
            kernels[0] |= x instanceof For f && f.omp() != null;
            for (Expr e : StmtUtil.ownExprs(x)) {
                views[0] |= org.paradjoint.core.expr.ExprUtil.nodes(e, ArrayRef.class).stream()
                        .anyMatch(r -> isView(r.var()));
            }
        });
        // a statement with kernels inside is printed part by part (its host parts each get a kernel)
        return views[0] && !kernels[0];
    }

    /**
     * Host code that touches View elements (the peeled boundary iterations of an adjoint stencil,
     * a sequential loop) runs as a kernel of one iteration, so that it reaches the View's memory on
     * any backend. The scalars it writes must be counters of its own loops (declared in the
     * lambda); any other would be a captured copy.
     */
    private void serialKernel(Stmt s) {
        Set<Variable> counters = new LinkedHashSet<>();
        StmtUtil.forEach(s, x -> {
            if (x instanceof For f) {
                counters.add(f.counter());
            }
        });
        for (Variable w : StmtUtil.writes(s)) {
            if (w.isScalar() && !counters.contains(w)) {
                throw unsupported(w.name(), "a host scalar assigned next to View elements outside a kernel");
            }
        }
        line("Kokkos::parallel_for(Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {");
        kernels++;
        depth++;
        for (Variable c : counters) {
            line(c.type().cName() + " " + c.name() + ";");
        }
        stmt(s);
        depth--;
        kernels--;
        line("});");
    }

    /** A parallel loop (nest) as a kernel. */
    private void kernel(For f) {
        OmpParallelFor omp = f.omp();
        List<For> nest = new ArrayList<>(List.of(f));
        for (int k = 1; k < Math.max(1, omp.collapse()); k++) {
            For last = nest.get(nest.size() - 1);
            if (last.body().stmts().size() != 1 || !(last.body().stmts().get(0) instanceof For inner)) {
                throw unsupported(f.counter().name(), "a collapsed loop nest that is not perfectly nested");
            }
            nest.add(inner);
        }
        if (!omp.firstprivates().isEmpty()) {
            throw unsupported(omp.firstprivates().get(0).name(), "a firstprivate variable in a kernel");
        }
        List<OmpParallelFor.Reduction> reductions = omp.reductions().stream().filter(r -> !r.vars().isEmpty())
                .toList();
        Variable reduced = null;
        if (!reductions.isEmpty()) {
            if (reductions.size() > 1 || reductions.get(0).vars().size() > 1 || !reductions.get(0).op().equals("+")
                    || reductions.get(0).vars().get(0).isArray()) {
                throw unsupported(reductions.get(0).vars().get(0).name(), "a reduction other than one sum of a scalar");
            }
            reduced = reductions.get(0).vars().get(0);
        }
        List<String> params = new ArrayList<>();
        List<String> lower = new ArrayList<>();
        List<String> upper = new ArrayList<>();
        for (For loop : nest) {
            params.add("const " + loop.counter().type().cName() + " " + loop.counter().name());
            String[] range = range(loop);
            lower.add(range[0]);
            upper.add(range[1]);
        }
        String policy = nest.size() == 1 ? "Kokkos::RangePolicy<>(" + lower.get(0) + ", " + upper.get(0) + ")"
                : "Kokkos::MDRangePolicy<Kokkos::Rank<" + nest.size() + ">>({" + String.join(", ", lower) + "}, {"
                        + String.join(", ", upper) + "})";
        if (reduced != null) {
            params.add(reduced.type().cName() + " &" + reduced.name());
            line("{");
            depth++;
            line(reduced.type().cName() + " " + reduced.name() + "_sum = 0.0;");
        }
        line("Kokkos::" + (reduced == null ? "parallel_for" : "parallel_reduce") + "(" + policy + ", KOKKOS_LAMBDA("
                + String.join(", ", params) + ") {");
        kernels++;
        depth++;
        List<Variable> privates = new ArrayList<>(omp.privates());
        for (For loop : nest) {
            privates.remove(loop.counter());
        }
        for (Variable v : privates) {
            line(v.isScalar() ? v.type().cName() + " " + v.name() + ";" : declarator(v) + ";");
        }
        for (Stmt s : nest.get(nest.size() - 1).body().stmts()) {
            stmt(s);
        }
        depth--;
        kernels--;
        if (reduced == null) {
            line("});");
        } else {
            line("}, " + reduced.name() + "_sum);");
            line(reduced.name() + " += " + reduced.name() + "_sum;");
            depth--;
            line("}");
        }
    }

    /** [first, past the last) of a loop with step 1 or -1 (a kernel's iterations run in any order). */
    private String[] range(For loop) {
        Long step = loop.constantStep();
        if (step == null || Math.abs(step) != 1) {
            throw unsupported(loop.counter().name(), "a kernel loop whose step is not 1 or -1");
        }
        Binary.Op cmp = loop.cmp();
        String lo = expr(loop.lower(), 2);
        String bound = expr(loop.bound(), 2);
        return switch (cmp) {
            case LT -> new String[] {lo, bound};
            case LE -> new String[] {lo, expr(loop.bound(), 13) + " + 1"};
            case GT -> new String[] {expr(loop.bound(), 13) + " + 1", expr(loop.lower(), 13) + " + 1"};
            case GE -> new String[] {bound, expr(loop.lower(), 13) + " + 1"};
            default -> throw unsupported(loop.counter().name(), "a kernel loop whose condition is not <, <=, > or >=");
        };
    }

    // ---- expressions ----------------------------------------------------------------------

    @Override
    protected String arrayRef(ArrayRef r) {
        Variable v = r.var();
        if (!isView(v)) {
            // the adjoint of a scalar parameter, passed by reference
            return v.name();
        }
        if (kernels == 0) {
            throw unsupported(v.name(), "an element of a View outside a kernel");
        }
        return v.name() + "(" + r.indices().stream().map(i -> expr(i, 2)).collect(Collectors.joining(", ")) + ")";
    }

    @Override
    protected String call(Call c) {
        if (c.isShapeQuery() && c.args().get(0) instanceof VarRef view && c.args().get(1) instanceof IntLit d) {
            return view.var().name() + ".extent(" + d.value() + ")";
        }
        if (c.isRuntime()) {
            throw unsupported(c.name(), "a tape");
        }
        return super.call(c);
    }

    private UnsupportedException unsupported(String name, String construct) {
        return new UnsupportedException("unsupported-kokkos.cannot-print", where, "name", name, "construct",
                construct);
    }
}
