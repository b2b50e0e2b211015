package org.paradjoint.stencil.internal;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * What the analysis of an annotated function found: the passive scalar statements before the
 * nest, the loops, the OpenMP clauses and the loop they sit on ({@code ompLevel}, -1 for a
 * sequential nest), the active outputs and inputs, and, per gathered input and shift, the
 * contributions of the outputs. {@code uninterpreted} lists one call per function the file does
 * not define.
 */
public record StencilNest(Function function, AdPragma.StencilAdjoint pragma, For nest, List<Stmt> prefix,
        List<LoopLevel> levels, int ompLevel, OmpParallelFor omp, List<Output> outputs, List<Input> inputs,
        Map<Input, SortedMap<Shift, List<Contribution>>> contributions, List<Call> uninterpreted) {

    public int depth() {
        return levels.size();
    }

    public List<Variable> counters() {
        return levels.stream().map(LoopLevel::counter).toList();
    }

    /** The adjoint of an active array parameter, or null. */
    public Variable adjointOf(Variable array) {
        for (Output o : outputs) {
            if (o.array().equals(array)) {
                return o.adjoint();
            }
        }
        for (Input i : inputs) {
            if (i.array().equals(array)) {
                return i.adjoint();
            }
        }
        return null;
    }
}
