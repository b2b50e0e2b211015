package org.paradjoint.fortran.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

import org.paradjoint.core.check.CheckKernelWriter;
import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.check.IndexFill;
import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.ProcedureInfo;
import org.paradjoint.fortran.check.FortranDriverPlan.Param;
import org.paradjoint.fortran.print.FortranMpi;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * The Fortran check subroutine of one plan, {@code pa_chk_run_f(pa_status)}, internal to the
 * driver program. Arrays are allocatable with the bounds the dummies declare; whole-array
 * assignments restore, seed and shift them. A module procedure is used from its module, other
 * procedures that need an explicit interface get an interface block.
 */
final class FortranKernelWriter extends CheckKernelWriter<Param> {

    private final ProcedureInfo info;

    /** Whether the driver program uses {@code mpi_f08}, whose {@code MPI_COMM_WORLD} is a {@code type(MPI_Comm)}. */
    private final boolean f08;

    FortranKernelWriter(FortranDriverPlan plan, StringBuilder out, boolean f08) {
        super(plan, out);
        this.info = plan.info;
        this.f08 = f08;
    }

    /** A {@code real(8)} constant: Java's digits with a {@code d} exponent. */
    @Override
    protected String real(double value) {
        String s = Double.toString(value);
        int e = s.indexOf('E');
        return e >= 0 ? s.substring(0, e) + "d" + s.substring(e + 1) : s + "d0";
    }

    @Override
    protected String comment(String text) {
        return "! " + text;
    }

    @Override
    protected String statement(String text) {
        return text;
    }

    @Override
    protected String call(String invocation) {
        return "call " + invocation;
    }

    @Override
    protected String procedureCall(String invocation) {
        return "call " + invocation;
    }

    @Override
    protected String report(String function, String args) {
        return "call " + function + "(" + args + ", pa_status)";
    }

    @Override
    protected String byReference(String variable) {
        return variable;
    }

    @Override
    protected String length(Param p) {
        return p.length() + "_8";
    }

    @Override
    protected String seedValue(long seed) {
        return seed + "_8";
    }

    @Override
    protected String floatingNoun() {
        return "reals";
    }

    @Override
    protected void begin() {
        out().append("  ").append(comment(description())).append('\n');
        out().append("  subroutine ").append(runName(plan)).append("(pa_status)\n");
        if (info != null && info.isModuleProcedure()) {
            line("use " + info.module());
        }
        line("integer, intent(out) :: pa_status");
        interfaces();
        line("real(8), parameter :: " + constants());
        declarations();
        line("pa_status = 0");
        for (Param p : plan.params()) {
            if (p.kind() == Kind.INT_SCALAR) {
                line(p.name() + " = " + plan.ints().get(p.name()));
            } else if (p.kind() == Kind.COMMUNICATOR) {
                // an integer communicator of `use mpi` in a driver that uses mpi_f08 (a file with both)
                boolean integer = !FortranMpi.handleType(p.var()).startsWith("type(");
                line(p.name() + " = MPI_COMM_WORLD" + (f08 && integer ? "%MPI_VAL" : ""));
            }
        }
        allocations();
    }

    @Override
    protected void end() {
        out().append("  end subroutine ").append(runName(plan)).append('\n');
    }

    /** Interface blocks for procedures whose dummies need one (assumed shape). */
    private void interfaces() {
        Set<String> primalShape = info == null ? Set.of() : info.assumedShape();
        List<String> blocks = new ArrayList<>();
        if (!primalShape.isEmpty() && (info == null || !info.isModuleProcedure())) {
            blocks.add(FortranPrinter.interfaceBlock(plan.function(), primalShape));
        }
        for (DerivativeSignature s : List.of(plan.tangent(), plan.adjoint())) {
            Function f = derived(s);
            if (FortranPrinter.needsExplicitInterface(f, Set.of())) {
                blocks.add(FortranPrinter.interfaceBlock(f, Set.of()));
            }
        }
        for (String b : blocks) {
            for (String l : b.split("\n")) {
                line(l);
            }
        }
    }

    private Function derived(DerivativeSignature s) {
        List<Variable> params = new ArrayList<>();
        for (DerivativeSignature.Param p : s.params()) {
            params.add(p.primal());
            if (p.derivative() != null) {
                params.add(p.derivative());
            }
        }
        return new Function(s.derivedName(), null, params, List.of(), new Block(List.of()), List.of(), false,
                null, plan.function().range());
    }

    private static String shape(Param p) {
        return p.var().isArray() ? "(" + ":,".repeat(p.var().rank() - 1) + ":)" : "";
    }

    private static String bounds(Param p) {
        StringJoiner j = new StringJoiner(", ");
        for (int d = 0; d < p.lower().length; d++) {
            j.add(p.lower()[d] + ":" + p.upper()[d]);
        }
        return "(" + j + ")";
    }

    /** The buffers of real array {@code p}: its value, input, derivatives, seeds and shifted value. */
    private static List<String> realBuffers(Param p) {
        String n = p.name();
        List<String> names = new ArrayList<>(List.of("pa_" + n, "pa_" + n + "_in"));
        if (p.tangent() != null) {
            names.add("pa_d_" + n);
        }
        if (p.adjoint() != null) {
            names.add("pa_b_" + n);
        }
        if (p.independent()) {
            names.add("pa_" + n + "_dseed");
        }
        if (p.dependent()) {
            names.add("pa_" + n + "_bseed");
            names.add("pa_" + n + "_plus");
        }
        return names;
    }

    private void declarations() {
        for (Param p : plan.params()) {
            String n = p.name();
            switch (p.kind()) {
                case INT_SCALAR -> line("integer :: " + n);
                case COMMUNICATOR -> line(FortranMpi.handleType(p.var()) + " :: " + n);
                case REAL_SCALAR -> {
                    line("real(8) :: pa_" + n + ", pa_" + n + "_in");
                    if (p.independent()) {
                        line("real(8) :: pa_" + n + "_dseed");
                    }
                    if (p.tangent() != null) {
                        line("real(8) :: pa_d_" + n);
                    }
                    if (p.adjoint() != null) {
                        line("real(8) :: pa_b_" + n + "(1)");
                    }
                }
                case INT_ARRAY -> line("integer, allocatable :: pa_" + n + shape(p) + ", pa_" + n + "_in" + shape(p));
                case REAL_ARRAY -> realBuffers(p).forEach(b -> line("real(8), allocatable :: " + b + shape(p)));
            }
        }
        if (plan.params().stream().anyMatch(p -> p.kind() == Kind.INT_ARRAY)) {
            line("logical :: pa_ok");
        }
        line("type(pa_chk_fd) :: pa_fd");
        line("real(8) :: pa_yd_yb, pa_yd_yb_abs, pa_xd_xb, pa_xd_xb_abs");
    }

    private void allocations() {
        for (Param p : plan.params()) {
            String n = p.name();
            if (p.kind() == Kind.INT_ARRAY) {
                line("allocate(pa_" + n + bounds(p) + ", pa_" + n + "_in" + bounds(p) + ")");
            } else if (p.kind() == Kind.REAL_ARRAY) {
                realBuffers(p).forEach(b -> line("allocate(" + b + bounds(p) + ")"));
            }
        }
    }

    @Override
    protected void fillIndex(Param p) {
        String n = p.name();
        IndexFill fill = p.fill();
        List<Long> args = new ArrayList<>();
        for (IntExpr e : fill.arguments()) {
            args.add(e.eval(plan.ints()));
        }
        String invocation = switch (fill) {
            case IndexFill.Perm x -> "pa_chk_perm(pa_" + n + "_in, " + p.length() + "_8, " + args.get(0) + "_8, 1_8, pa_ok)";
            case IndexFill.Range x -> "pa_chk_range(pa_" + n + "_in, " + p.length() + "_8, " + args.get(0) + "_8, "
                    + args.get(1) + "_8, pa_ok)";
            case IndexFill.Ascending x -> "pa_chk_ascending(pa_" + n + "_in, " + p.length() + "_8, " + args.get(0)
                    + "_8, " + args.get(1) + "_8, pa_ok)";
        };
        line(call(invocation));
        line("if (.not. pa_ok) then");
        line("  write (*, '(a)') 'error: " + plan.function().name() + ": cannot fill " + n + " with "
                + fill.spelling() + "'");
        line("  pa_status = 2");
        line("  return");
        line("end if");
    }

    @Override
    protected void restoreInputs() {
        for (Param p : plan.params()) {
            if (p.kind() != Kind.INT_SCALAR && p.kind() != Kind.COMMUNICATOR) {
                line("pa_" + p.name() + " = pa_" + p.name() + "_in");
            }
        }
    }

    @Override
    protected void setDerivative(Param p, String buffer, String from, boolean adjoint) {
        line(buffer + " = " + (from == null ? "0.0d0" : from));
    }

    @Override
    protected String argument(Param p, Variable v, String buffer) {
        return p.kind() == Kind.INT_SCALAR || p.kind() == Kind.COMMUNICATOR ? p.name() : buffer;
    }

    @Override
    protected void zeroDotSums() {
        line("pa_yd_yb = 0.0d0");
        line("pa_yd_yb_abs = 0.0d0");
        line("pa_xd_xb = 0.0d0");
        line("pa_xd_xb_abs = 0.0d0");
    }

    /** The adjoint of a scalar is a one-element array; the term is added in place. */
    @Override
    protected void scalarIndependentDot(Param p) {
        String term = "pa_" + p.name() + "_dseed * pa_b_" + p.name() + "(1)";
        line("pa_xd_xb = pa_xd_xb + " + term);
        line("pa_xd_xb_abs = pa_xd_xb_abs + abs(" + term + ")");
    }

    @Override
    protected String shiftArray(Param p, char sign, String step) {
        return shifted(p, sign, step);
    }

    @Override
    protected String copyArray(Param p, String to, String from) {
        return to + " = " + from;
    }

    /** Never needed: {@link FortranDriverPlan} rejects a dependent without a tangent dummy. */
    @Override
    protected String absentTangent() {
        throw new IllegalStateException("a dependent dummy without a tangent dummy");
    }
}
