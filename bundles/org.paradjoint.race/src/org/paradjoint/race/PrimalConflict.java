package org.paradjoint.race;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.print.ExprText;

/**
 * Two references of a parallel loop to one shared array, the first a write, that the analysis
 * could not prove to touch different elements in different iterations: the primal loop may race
 * there (Floyd-Warshall's row {@code k}: iteration {@code i = k} writes {@code path[k][j]}, which
 * the other iterations read). The knowledge of this pair is not used, and the adjoint of the
 * array in this loop is protected without it.
 *
 * @param array          the primal array
 * @param write          the written reference
 * @param other          the reference of another iteration (read or written)
 * @param otherIsWrite   whether {@code other} is written
 * @param counterexample iteration values from the solver's model, or null (prover gave up)
 */
public record PrimalConflict(String array, ArrayRef write, ArrayRef other, boolean otherIsWrite,
        String counterexample) {

    /** Where the warning goes: the written reference. */
    public SourceRange range() {
        return write.range();
    }

    /** A sentence naming both references, with where the second one is. */
    public String message() {
        SourceRange at = other.range();
        String where = at != null && at.isKnown() ? " at " + at.line() + ":" + at.column() : "";
        return "the primal loop is not proven race-free: " + ExprText.of(write)
                + " (written) and " + ExprText.of(other) + where
                + (otherIsWrite ? " (written)" : " (read)") + " may touch the same element in different iterations"
                + (counterexample == null ? "" : " (counterexample: " + counterexample + ")")
                + "; the adjoint of " + array + " in this loop does not rely on it (every increment and overwrite "
                + "of the adjoint is atomic)";
    }
}
