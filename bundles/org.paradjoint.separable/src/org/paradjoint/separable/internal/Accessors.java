package org.paradjoint.separable.internal;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The state a gradient driver keeps between calls, in file-scope variables (its cached plan and
 * its seconds per phase), and the public functions that read or free it: {@code driver_timings},
 * {@code driver_release} and {@code driver_plan}.
 */
final class Accessors {

    /** A driver's file-scope plan ({@code pa_ps_plan *}, NULL until the first call) and seconds per phase. */
    record State(Variable plan, Variable seconds) {

        static State of(String plan, String seconds) {
            return new State(SupportFile.fileScope(plan, BaseType.PS_PLAN, null),
                    SupportFile.fileScope(seconds, BaseType.DOUBLE, SupportFile.symbol("PA_PS_PHASES")));
        }
    }

    private Accessors() {
    }

    /** The three accessors of {@code driver}, in the order they are defined and declared. */
    static List<Function> of(String driver, State state) {
        return List.of(timings(driver, state), release(driver, state), plan(driver, state));
    }

    /** {@code void driver_timings(double *seconds)}: copies the seconds per phase out, then resets them. */
    private static Function timings(String driver, State state) {
        Variable out = SupportFile.pointerParameter("seconds", BaseType.DOUBLE, false);
        Variable i = Names.local("pa_i", BaseType.INT);
        VarRef index = new VarRef(i);
        ArrayRef kept = new ArrayRef(state.seconds(), List.of(index));
        Stmt copy = Assign.set(new ArrayRef(out, List.of(index)), kept);
        Stmt reset = Assign.set(kept, Exprs.zero(true));
        For phases = new For(i, Exprs.integer(0), Binary.Op.LT, SupportFile.symbol("PA_PS_PHASES"), Exprs.integer(1),
                Block.of(copy, reset), null, List.of(), SourceRange.NONE);
        return function(Names.timings(driver), null, Function.ReturnKind.VALUE, List.of(out), List.of(i),
                Block.of(phases), "Seconds per phase of " + driver + " since the last call (pattern, colouring, "
                        + "compressed sweep, recovery and assembly), then reset; zeros unless compiled with "
                        + "-DPARADJOINT_TIMING");
    }

    /** {@code void driver_release(void)}: frees the cached plan; the next call builds it again. */
    private static Function release(String driver, State state) {
        VarRef plan = new VarRef(state.plan());
        return function(Names.release(driver), null, Function.ReturnKind.VALUE, List.of(), List.of(),
                Block.of(SupportFile.stmt("pa_ps_plan_free", plan), Assign.set(plan, SupportFile.symbol("NULL"))),
                "Frees the cached pattern, colouring and work arrays of " + driver);
    }

    /** {@code const pa_ps_plan *driver_plan(void)}: the cached plan, read-only for the caller. */
    private static Function plan(String driver, State state) {
        return function(Names.plan(driver), BaseType.PS_PLAN, Function.ReturnKind.CONST_POINTER, List.of(),
                List.of(), Block.of(new Return(new VarRef(state.plan()), SourceRange.NONE)),
                "The plan (pattern, colours) " + driver + " uses, NULL before its first call");
    }

    private static Function function(String name, BaseType returnType, Function.ReturnKind kind, List<Variable> params,
            List<Variable> locals, Block body, String comment) {
        return new Function(name, returnType, params, locals, body, List.of(), Linkage.EXTERNAL, comment,
                SourceRange.NONE, null, kind);
    }
}
