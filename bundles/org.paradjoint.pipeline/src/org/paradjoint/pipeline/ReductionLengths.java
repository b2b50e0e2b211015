package org.paradjoint.pipeline;

import java.util.Optional;

import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/**
 * The number of elements of an array parameter, as C text valid inside the function (e.g.
 * {@code n + 1}, or a literal when the caller knows the problem size): what a
 * {@code reduction(+: xb[:len])} clause needs. Empty when unknown; the increments then stay atomic.
 */
@FunctionalInterface
public interface ReductionLengths {

    Optional<String> of(Function primal, Variable array);

    /** Lengths from the function's own declarations and affine index bounds ({@link IndexRanges#symbolicLength}). */
    static ReductionLengths symbolic() {
        return IndexRanges::symbolicLength;
    }

    /** No lengths beyond the extents the user gives: every shared adjoint without one stays atomic. */
    static ReductionLengths none() {
        return (primal, array) -> Optional.empty();
    }
}
