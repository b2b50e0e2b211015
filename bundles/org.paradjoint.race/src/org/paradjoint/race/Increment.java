package org.paradjoint.race;

import java.time.Duration;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;

/**
 * One adjoint increment of a parallel loop, e.g. {@code xb[c[i] + 7] += ...} from the primal
 * read {@code x[c[i] + 7]}.
 *
 * @param primal         the primal reference it comes from (its node in the analysed IR)
 * @param range          where that reference is written
 * @param adjoint        the adjoint reference, e.g. {@code xb[c[i] + 7]}
 * @param verdict        SAFE when proven race-free
 * @param reason         for UNSAFE: what may collide and why, a sentence a person can act on;
 *                       for SAFE: a short statement of the proof
 * @param counterexample for UNSAFE, iteration values from the solver's model
 *                       ({@code i=0, i'=1, c[0]=c[1]=3}), or null
 * @param partner        the adjoint reference of another iteration it may collide with, or null
 * @param proofTime      time spent in prover questions about this increment
 */
public record Increment(ArrayRef primal, SourceRange range, String adjoint, Verdict verdict, String reason,
        String counterexample, String partner, Duration proofTime) {

    public boolean isSafe() {
        return verdict == Verdict.SAFE;
    }

    /** The warning text: the reason and, when known, the counterexample. */
    public String message() {
        return counterexample == null ? reason : reason + " (counterexample: " + counterexample + ")";
    }
}
