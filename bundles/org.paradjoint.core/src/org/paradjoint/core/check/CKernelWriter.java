package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.check.DriverPlan.Param;
import org.paradjoint.core.ir.Variable;

/**
 * The C check function of one plan: {@code static int pa_chk_run_f(void)}, returning the status.
 * Arrays are {@code pa_chk_alloc}ed with their element count {@code pa_len_x} and freed at the
 * end; every call starts from the inputs through the table {@code pa_inputs}.
 */
final class CKernelWriter extends CheckKernelWriter<Param> {

    /** The buffers allocated so far, freed at the end. */
    private final List<String> frees = new ArrayList<>();

    CKernelWriter(DriverPlan plan, StringBuilder out) {
        super(plan, out);
    }

    @Override
    protected String real(double value) {
        String s = Double.toString(value).toLowerCase(Locale.ROOT);
        return s.contains(".") || s.contains("e") ? s : s + ".0";
    }

    @Override
    protected String comment(String text) {
        return "/* " + text + " */";
    }

    @Override
    protected String statement(String text) {
        return text + ";";
    }

    @Override
    protected String call(String invocation) {
        return invocation + ";";
    }

    @Override
    protected String procedureCall(String invocation) {
        boolean returns = plan.function().returnType() != null;
        return (returns ? "(void) " : "") + invocation + ";";
    }

    @Override
    protected String report(String function, String args) {
        return "pa_status |= " + function + "(" + args + ");";
    }

    @Override
    protected String byReference(String variable) {
        return "&" + variable;
    }

    @Override
    protected String length(Param p) {
        return "pa_len_" + p.name();
    }

    @Override
    protected String seedValue(long seed) {
        return "(unsigned long long) " + seed + "LL";
    }

    /** The entry point of the user's translation unit ({@link CheckDriverGenerator}). */
    @Override
    protected String primalName() {
        return CheckDriverGenerator.entryName(plan.function());
    }

    @Override
    protected String floatingNoun() {
        return "floating";
    }

    @Override
    protected void begin() {
        out().append(comment(description())).append('\n');
        out().append("static int ").append(runName(plan)).append("(void)\n{\n");
        Tolerances t = Tolerances.of(plan);
        line(comment("the kernel's precision, the relative step and the tolerances (see paradjoint check --help)"));
        line("const double pa__eps = " + t.epsilon() + ", pa__h_rel = " + real(t.step()) + ", pa__tol_dot = "
                + real(t.tolDot()) + ", pa__tol_fd = " + real(t.tolFd()) + ";");
        line("int pa_status = 0;");
        declareInts();
        declareBuffers();
    }

    @Override
    protected void end() {
        for (String f : frees) {
            line("free(" + f + ");");
        }
        line("return pa_status;");
        out().append("}\n");
    }

    private void declareInts() {
        for (String name : plan.ints().keySet()) {
            Variable v = plan.function().lookup(name).orElse(null);
            String type = v != null && v.isParameter() ? v.type().cName() : "long";
            line(type + " " + name + " = " + plan.ints().get(name) + ";");
            line("(void) " + name + ";");
        }
    }

    private void declareBuffers() {
        for (Param p : plan.params()) {
            String n = p.name();
            switch (p.kind()) {
                case INT_SCALAR -> { }
                case COMMUNICATOR -> line("MPI_Comm " + n + " = MPI_COMM_WORLD;");
                case REAL_SCALAR -> {
                    String t = p.var().type().cName();
                    line(t + " pa_" + n + ", pa_" + n + "_in = 0.0;");
                    if (p.independent()) {
                        line(t + " pa_" + n + "_dseed = 0.0;");
                    }
                    if (p.tangent() != null) {
                        line(t + " pa_d_" + n + " = 0.0;");
                    }
                    if (p.adjoint() != null) {
                        line(t + " pa_b_" + n + "[1] = { 0.0 };");
                    }
                }
                case INT_ARRAY, REAL_ARRAY -> {
                    line("const long pa_len_" + n + " = " + p.lengthC() + "; /* " + p.origin() + " */");
                    String t = p.var().type().cName();
                    alloc(t, "pa_" + n, n);
                    alloc(t, "pa_" + n + "_in", n);
                    if (p.kind() == Kind.REAL_ARRAY) {
                        if (p.tangent() != null) {
                            alloc(t, "pa_d_" + n, n);
                        }
                        if (p.adjoint() != null) {
                            alloc(t, "pa_b_" + n, n);
                        }
                        if (p.independent()) {
                            alloc(t, "pa_" + n + "_dseed", n);
                        }
                        if (p.dependent()) {
                            alloc(t, "pa_" + n + "_bseed", n);
                            alloc(t, "pa_" + n + "_plus", n);
                            alloc(t, "pa_" + n + "_fd", n);
                        }
                    }
                }
            }
        }
    }

    private void alloc(String type, String buffer, String param) {
        line(type + " *" + buffer + " = pa_chk_alloc(pa_len_" + param + ", sizeof(" + type + "));");
        frees.add(buffer);
    }

    @Override
    protected void fillIndex(Param p) {
        String n = p.name();
        IndexFill fill = p.fill();
        String args = "pa_" + n + "_in, sizeof *pa_" + n + "_in, pa_len_" + n;
        for (IntExpr e : fill.arguments()) {
            args += ", (long) (" + e.toC() + ")";
        }
        String fn = switch (fill) {
            case IndexFill.Perm x -> "pa_chk_perm";
            case IndexFill.Range x -> "pa_chk_range";
            case IndexFill.Ascending x -> "pa_chk_ascending";
        };
        line("if (" + fn + "(" + args + ") != 0) {");
        line("    fprintf(stderr, \"error: %s: cannot fill %s with %s\\n\", \"" + plan.function().name() + "\", \"" + n
                + "\", \"" + fill.spelling().replace("pa_len_" + n, "its length") + "\");");
        line("    return 2;");
        line("}");
    }

    /** The table {@code pa_chk_restore} copies the inputs back from. */
    @Override
    protected void inputsFilled() {
        line(comment("every call starts from these inputs"));
        line("const struct pa_chk_copy pa_inputs[] = {");
        for (Param p : plan.params()) {
            String n = p.name();
            switch (p.kind()) {
                case INT_SCALAR, COMMUNICATOR -> { }
                case REAL_SCALAR -> line("    { &pa_" + n + ", &pa_" + n + "_in, sizeof pa_" + n + " },");
                default -> line("    { pa_" + n + ", pa_" + n + "_in, sizeof *pa_" + n + " * (size_t) pa_len_" + n
                        + " },");
            }
        }
        line("    { NULL, NULL, 0 }");
        line("};");
        line(comment("the step, relative to the largest independent input (at least 1)"));
        line("double pa__h = pa__h_rel;");
        for (Param p : plan.params()) {
            if (p.independent()) {
                String n = p.name();
                line(p.kind() == Kind.REAL_SCALAR ? "pa__h = fmax(pa__h, pa__h_rel * fabs(pa_" + n + "_in));"
                        : "pa__h = fmax(pa__h, pa__h_rel * pa_chk_maxabs(pa_" + n + "_in, pa_len_" + n + "));");
            }
        }
        // under MPI every rank steps alike: the differences run the primal on all ranks at once
        line("pa__h = pa_chk_global_max(pa__h);");
    }

    @Override
    protected String fdReportExtra() {
        return ", pa__eps";
    }

    @Override
    protected void restoreInputs() {
        line("pa_chk_restore(pa_inputs);");
    }

    /** Adjoints of scalars are one-element arrays (the adjoint takes a pointer). */
    @Override
    protected void setDerivative(Param p, String buffer, String from, boolean adjoint) {
        if (p.kind() == Kind.REAL_SCALAR) {
            line(buffer + (adjoint ? "[0]" : "") + " = " + (from == null ? "0.0" : from) + ";");
        } else if (from == null) {
            line("memset(" + buffer + ", 0, sizeof *" + buffer + " * (size_t) pa_len_" + p.name() + ");");
        } else {
            line("memcpy(" + buffer + ", " + from + ", sizeof *" + buffer + " * (size_t) pa_len_" + p.name() + ");");
        }
    }

    /** Arrays of rank 2 and more are cast to the pointer-to-array type the function declares. */
    @Override
    protected String argument(Param p, Variable v, String buffer) {
        if (p.kind() == Kind.INT_SCALAR || p.kind() == Kind.COMMUNICATOR) {
            return v.name();
        }
        if (v.rank() < 2) {
            return buffer;
        }
        StringBuilder cast = new StringBuilder("(");
        cast.append(v.isConst() ? "const " : "").append(v.type().cName()).append(" (*)");
        for (int d = 1; d < v.rank(); d++) {
            cast.append('[').append(IrInt.toC(v.dims().get(d).extent())).append(']');
        }
        return cast.append(") ").append(buffer).toString();
    }

    @Override
    protected void zeroDotSums() {
        line("double pa_yd_yb = 0.0, pa_yd_yb_abs = 0.0, pa_xd_xb = 0.0, pa_xd_xb_abs = 0.0;");
    }

    @Override
    protected void scalarIndependentDot(Param p) {
        line(dot(byReference("pa_" + p.name() + "_dseed"), "pa_b_" + p.name(), "1", "pa_xd_xb"));
    }

    @Override
    protected String shiftArray(Param p, char sign, String step) {
        String n = p.name();
        String h = sign == '+' ? step : "-(" + step + ")";
        return call("pa_chk_shift(pa_" + n + ", pa_" + n + "_in, pa_" + n + "_dseed, " + h + ", pa_len_" + n + ")");
    }

    @Override
    protected String copyArray(Param p, String to, String from) {
        return "memcpy(" + to + ", " + from + ", sizeof *" + from + " * (size_t) pa_len_" + p.name() + ");";
    }

    @Override
    protected void beginDifferenceSums() {
        line("struct pa_chk_fd pa_fd = { 0.0, 0.0, 0.0, 0.0, 0.0, 0 };");
    }

    @Override
    protected String secondStep() {
        return "2.0 * pa__h";
    }

    /** Each dependent's differences at the step are kept in {@code pa_y_fd} for the second run. */
    @Override
    protected String keptDifferences(Param p) {
        return ", pa_" + p.name() + "_fd";
    }

    @Override
    protected String absentTangent() {
        return "NULL";
    }
}
