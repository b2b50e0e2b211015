package org.paradjoint.core.check;

import java.util.List;
import java.util.StringJoiner;
import java.util.function.Function;

import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.Variable;

/**
 * Writes the check routine of one plan, in the steps every driver takes whatever its language:
 * fill the inputs and seeds, run the tangent and the adjoint from the same inputs, compare
 * {@code <yd, yb>} with {@code <xd, xb>}, and compare the tangent with central differences of
 * the primal. The C and Fortran drivers take these steps in the same order with the same buffer
 * names ({@code pa_x}, {@code pa_x_in}, {@code pa_d_x}, {@code pa_b_x}, {@code pa_x_dseed},
 * {@code pa_x_bseed}, {@code pa_x_plus}) and the same helper routines ({@code pa_chk_*}); a
 * subclass supplies the language: its statements, declarations and how buffers are copied.
 */
public abstract class CheckKernelWriter<P extends DriverParam> {

    protected final CheckPlan<P> plan;
    private final StringBuilder out;

    protected CheckKernelWriter(CheckPlan<P> plan, StringBuilder out) {
        this.plan = plan;
        this.out = out;
    }

    /** The name of the check routine of {@code plan}. */
    public static String runName(CheckPlan<?> plan) {
        return "pa_chk_run_" + plan.function().name();
    }

    public final void write() {
        begin();
        fillInputs();
        inputsFilled();
        tangentAndAdjoint();
        dotProduct();
        finiteDifferences();
        end();
    }

    // ---- the language ----

    /** The routine's heading and declarations, up to the first input. */
    protected abstract void begin();

    /** Whatever follows the last check, up to and including the end of the routine. */
    protected abstract void end();

    /** Text of a double constant. */
    protected abstract String real(double value);

    protected abstract String comment(String text);

    /** A statement: an assignment or expression as the language ends it. */
    protected abstract String statement(String text);

    /** A call of the helper routine {@code invocation} ({@code name(args)}). */
    protected abstract String call(String invocation);

    /** A call of the primal or one of its derivatives, {@code invocation} being {@code name(args)}. */
    protected abstract String procedureCall(String invocation);

    /** The statement that adds the outcome of the report helper {@code function} to the status. */
    protected abstract String report(String function, String args);

    /** {@code variable} passed where a helper updates it. */
    protected abstract String byReference(String variable);

    /** The element count of array {@code p} as a helper's length argument. */
    protected abstract String length(P p);

    /** The seed of the random numbers as {@code pa_chk_seed}'s argument. */
    protected abstract String seedValue(long seed);

    /** How the inputs comment calls the floating-point inputs. */
    protected abstract String floatingNoun();

    /** Fills index array {@code p} as its {@link IndexFill} says, failing the check when it cannot. */
    protected abstract void fillIndex(P p);

    /** Called once the inputs and seeds are filled. */
    protected void inputsFilled() {
    }

    /** Makes every buffer hold its pristine input again. */
    protected abstract void restoreInputs();

    /** Sets derivative {@code buffer} of {@code p} to {@code from}, or to zero when {@code from} is null. */
    protected abstract void setDerivative(P p, String buffer, String from, boolean adjoint);

    /** The argument of {@code p} ({@code v} itself or its derivative) held in {@code buffer}. */
    protected abstract String argument(P p, Variable v, String buffer);

    /** Starts the two sums of the dot-product test at zero. */
    protected abstract void zeroDotSums();

    /** Adds the term of independent scalar {@code p} to {@code <xd, xb>}. */
    protected abstract void scalarIndependentDot(P p);

    /** Sets array {@code p} to its input shifted by {@code sign} {@code step} along its seed. */
    protected abstract String shiftArray(P p, char sign, String step);

    /** Copies array {@code p} from buffer {@code from} to {@code to}. */
    protected abstract String copyArray(P p, String to, String from);

    /** Called before the primal runs of the differences. */
    protected void beginDifferenceSums() {
    }

    /** The name the driver calls the primal by. */
    protected String primalName() {
        return plan.function().name();
    }

    /**
     * The step of a second run of the differences whose change from the first measures their
     * rounding noise, or null for none (the noise is then only estimated from max|y|).
     */
    protected String secondStep() {
        return null;
    }

    /**
     * Where {@code pa_chk_fd_add} keeps the differences of dependent {@code p} for the second run
     * ({@link #secondStep()}), as an argument preceded by a comma; empty when there is none.
     */
    protected String keptDifferences(P p) {
        return "";
    }

    /** Arguments of {@code pa_chk_report_fd} after the step, each preceded by a comma. */
    protected String fdReportExtra() {
        return "";
    }

    /** The tangent argument of a dependent that has none. */
    protected abstract String absentTangent();

    // ---- the steps ----

    protected final void line(String s) {
        out.append("    ").append(s).append('\n');
    }

    protected final StringBuilder out() {
        return out;
    }

    /** The plan's function and the options given to it, as the routine's comment says them. */
    protected final String description() {
        List<String> options = plan.spec().toArguments();
        return plan.function().name() + (options.isEmpty() ? "" : ": " + String.join(" ", options));
    }

    /** The step and the two tolerances, as declared constants. */
    protected final String constants() {
        CheckSpec spec = plan.spec();
        return "pa__h = " + real(spec.fdStep()) + ", pa__tol_dot = " + real(spec.tolDot()) + ", pa__tol_fd = "
                + real(spec.tolFd());
    }

    /** {@code p}'s value at x + step xd ({@code sign} '+') or x - step xd ('-'). */
    protected final String shifted(P p, char sign, String step) {
        String n = p.name();
        return "pa_" + n + " = pa_" + n + "_in " + sign + " " + step + " * pa_" + n + "_dseed";
    }

    /** A call of {@code pa_chk_dot} that adds {@code <a, b>} to {@code sum} and its absolute terms. */
    protected final String dot(String a, String b, String length, String sum) {
        return call("pa_chk_dot(" + a + ", " + b + ", " + length + ", " + byReference(sum) + ", "
                + byReference(sum + "_abs") + ")");
    }

    private String fill(String buffer, P p, String lo, String hi) {
        return call("pa_chk_fill(" + buffer + ", " + length(p) + ", " + lo + ", " + hi + ")");
    }

    private void fillInputs() {
        CheckSpec spec = plan.spec();
        String lo = real(spec.rangeLo());
        String hi = real(spec.rangeHi());
        line(call("pa_chk_seed(" + seedValue(spec.seed()) + ")"));
        line(comment("inputs: " + floatingNoun() + " uniform in [" + lo + ", " + hi + "], index arrays as specified"));
        for (P p : plan.params()) {
            String n = p.name();
            switch (p.kind()) {
                case INT_SCALAR, COMMUNICATOR -> { }
                case REAL_SCALAR -> line(statement("pa_" + n + "_in = pa_chk_uniform(" + lo + ", " + hi + ")"));
                case REAL_ARRAY -> line(fill("pa_" + n + "_in", p, lo, hi));
                case INT_ARRAY -> fillIndex(p);
            }
        }
        line(comment("seeds: xd for independents, yb for dependents, in [-1, 1]"));
        String minusOne = real(-1.0);
        String one = real(1.0);
        for (P p : plan.params()) {
            if (p.independent()) {
                line(p.kind() == Kind.REAL_SCALAR
                        ? statement("pa_" + p.name() + "_dseed = pa_chk_uniform(" + minusOne + ", " + one + ")")
                        : fill("pa_" + p.name() + "_dseed", p, minusOne, one));
            }
        }
        for (P p : plan.params()) {
            if (p.dependent()) {
                line(fill("pa_" + p.name() + "_bseed", p, minusOne, one));
            }
        }
    }

    private void tangentAndAdjoint() {
        line(comment("tangent: xd on independents, zero on every other derivative input"));
        seedAndCall('d');
        line(comment("adjoint: yb on dependents, zero on every other adjoint input"));
        seedAndCall('b');
    }

    /** From the inputs, seeds the tangent ({@code mode} 'd') or adjoint ('b') and calls it. */
    private void seedAndCall(char mode) {
        restoreInputs();
        for (P p : plan.params()) {
            if (derivative(p, mode) != null) {
                boolean seeded = mode == 'd' ? p.independent() : p.dependent();
                String seed = "pa_" + p.name() + (mode == 'd' ? "_dseed" : "_bseed");
                setDerivative(p, "pa_" + mode + "_" + p.name(), seeded ? seed : null, mode == 'b');
            }
        }
        String name = (mode == 'd' ? plan.tangent() : plan.adjoint()).derivedName();
        if (!plan.function().structs().isEmpty()) {
            // the derivative's form with members as parameters, as the driver holds them
            name = StructParameter.flattenedName(name);
        }
        line(procedureCall(invocation(name, mode)));
    }

    private static Variable derivative(DriverParam p, char mode) {
        return mode == 'd' ? p.tangent() : mode == 'b' ? p.adjoint() : null;
    }

    /** {@code name(args)} for the primal ({@code mode} 'p'), tangent ('d') or adjoint ('b'). */
    private String invocation(String name, char mode) {
        StringJoiner args = new StringJoiner(", ");
        for (P p : plan.params()) {
            args.add(argument(p, p.var(), "pa_" + p.name()));
            Variable derivative = derivative(p, mode);
            if (derivative != null) {
                args.add(argument(p, derivative, "pa_" + mode + "_" + p.name()));
            }
        }
        return name + "(" + args + ")";
    }

    private void dotProduct() {
        line(comment("dot-product test: <yd, yb> over dependents against <xd, xb> over independents"));
        zeroDotSums();
        for (P p : plan.params()) {
            if (p.dependent() && p.tangent() != null) {
                line(dot("pa_d_" + p.name(), "pa_" + p.name() + "_bseed", length(p), "pa_yd_yb"));
            }
        }
        for (P p : plan.params()) {
            if (p.independent() && p.adjoint() != null) {
                if (p.kind() == Kind.REAL_SCALAR) {
                    scalarIndependentDot(p);
                } else {
                    line(dot("pa_" + p.name() + "_dseed", "pa_b_" + p.name(), length(p), "pa_xd_xb"));
                }
            }
        }
        line(report("pa_chk_report_dot", "pa_yd_yb, pa_yd_yb_abs, pa_xd_xb, pa_xd_xb_abs, pa__tol_dot"));
    }

    private void finiteDifferences() {
        line(comment("central differences of the primal along xd"));
        String sums = byReference("pa_fd");
        beginDifferenceSums();
        differences("pa__h", "pa_chk_fd_add", p -> ", " + (p.tangent() != null ? "pa_d_" + p.name() : absentTangent())
                + ", " + length(p) + ", pa__h" + keptDifferences(p));
        String second = secondStep();
        if (second != null) {
            line(comment("the same at twice the step: how much they change measures their rounding noise"));
            differences(second, "pa_chk_fd_noise", p -> keptDifferences(p) + ", " + length(p) + ", " + second);
        }
        line(report("pa_chk_report_fd", sums + ", pa__tol_fd, pa__h" + fdReportExtra()));
    }

    /**
     * Runs the primal at x + step xd and x - step xd and hands each dependent's two results to
     * {@code helper} with the sums and then {@code rest}'s arguments.
     */
    private void differences(String step, String helper, Function<P, String> rest) {
        perturbedCall('+', step);
        for (P p : plan.params()) {
            if (p.dependent()) {
                line(copyArray(p, "pa_" + p.name() + "_plus", "pa_" + p.name()));
            }
        }
        perturbedCall('-', step);
        for (P p : plan.params()) {
            if (p.dependent()) {
                String n = p.name();
                line(call(helper + "(" + byReference("pa_fd") + ", pa_" + n + "_plus, pa_" + n + rest.apply(p) + ")"));
            }
        }
    }

    /** Primal call at x + step xd ({@code sign} '+') or x - step xd ('-'). */
    private void perturbedCall(char sign, String step) {
        restoreInputs();
        for (P p : plan.params()) {
            if (p.independent()) {
                line(p.kind() == Kind.REAL_SCALAR ? statement(shifted(p, sign, step)) : shiftArray(p, sign, step));
            }
        }
        line(procedureCall(invocation(primalName(), 'p')));
    }
}
