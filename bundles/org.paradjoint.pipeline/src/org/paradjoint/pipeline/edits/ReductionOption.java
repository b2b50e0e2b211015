package org.paradjoint.pipeline.edits;

import java.util.Optional;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Function;
import org.paradjoint.pipeline.ReductionLengths;

/**
 * Whether the adjoint of the array read at a primal reference can go into a
 * {@code reduction(+: xb[:len])} clause: it must be one-dimensional and its length known as C
 * text over the function's parameters (declared, or bounded by affine indices).
 */
public final class ReductionOption {

    private ReductionOption() {
    }

    /** The length of the array referenced at {@code referenceOffset}, when a reduction is possible. */
    public static Optional<String> length(ParsedSource src, int referenceOffset) {
        Optional<Function> fn = src.functionAt(referenceOffset);
        if (fn.isEmpty()) {
            return Optional.empty();
        }
        ArrayRef[] found = {null};
        StmtUtil.forEachExpr(fn.get().body(), x -> {
            if (x instanceof ArrayRef r && r.range().isKnown() && r.range().offset() == referenceOffset) {
                found[0] = r;
            }
        });
        if (found[0] == null || found[0].var().rank() != 1 || !found[0].var().isParameter()) {
            return Optional.empty();
        }
        return ReductionLengths.symbolic().of(fn.get(), found[0].var());
    }
}
