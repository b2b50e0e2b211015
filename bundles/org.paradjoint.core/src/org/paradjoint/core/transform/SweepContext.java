package org.paradjoint.core.transform;

import java.util.LinkedHashMap;
import java.util.Map;

import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Variable;

/**
 * Where {@link Reverse} is generating code: the sequential function body, or one adjoint
 * iteration of a parallel loop with its own tape, temporary and record of unsafe increments.
 * What is shared and what is private depends on it, so the forward sweep, the reverse sweep and
 * {@link AssignmentAdjoints} all consult it.
 */
final class SweepContext {

    final Variable tape;
    /** The primal parallel loop of an adjoint iteration (null in sequential code), and its facts. */
    final For loop;
    final ParallelLoops.Info par;
    /** Adjoints with an UNSAFE increment in this adjoint iteration -> the primal reference of the first. */
    final Map<Variable, LValue> unsafe = new LinkedHashMap<>();
    boolean tapeUsed;
    Variable temp;

    SweepContext(Variable tape, For loop, ParallelLoops.Info par) {
        this.tape = tape;
        this.loop = loop;
        this.par = par;
    }

    /** True when {@code v} is shared between the iterations of the parallel loop (never in sequential code). */
    boolean isShared(Variable v) {
        return par != null && !par.privates().contains(v);
    }
}
