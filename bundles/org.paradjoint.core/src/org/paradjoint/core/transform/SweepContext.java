package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
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
    /**
     * In an adjoint iteration where every recording site runs at most once: the values are kept in
     * one local per site ({@code records}, by identity of the statement) instead of on the tape.
     */
    boolean localRecords;
    private final Map<Stmt, Variable> records = new IdentityHashMap<>();
    /** The locals of {@code records} in order of creation (declared at the head of the iteration). */
    final List<Variable> recordLocals = new ArrayList<>();

    /** The local that holds what {@code site} records, made by {@code fresh} on first use. */
    Variable recordOf(Stmt site, Supplier<Variable> fresh) {
        return records.computeIfAbsent(site, x -> {
            Variable v = fresh.get();
            recordLocals.add(v);
            return v;
        });
    }

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
