package org.paradjoint.pipeline;

import java.util.Optional;

import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/**
 * The length of a one-dimensional array parameter as C text over the function's integer
 * parameters: the symbolic view of {@link IndexRanges} (its declared extent, or one more than the
 * largest affine index the function uses; empty when unknown).
 */
final class SymbolicExtents {

    private SymbolicExtents() {
    }

    static Optional<String> length(Function function, Variable array) {
        return IndexRanges.symbolicLength(function, array);
    }
}
