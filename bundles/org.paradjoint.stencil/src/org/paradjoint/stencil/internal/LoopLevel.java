package org.paradjoint.stencil.internal;

import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;

/**
 * One loop of the stencil nest, normalised to the set of values its counter takes: the
 * inclusive range {@code [lower, upper]} (a loop counting down covers the same set). The
 * original loop is kept for its header and its OpenMP clauses.
 */
public record LoopLevel(Variable counter, Affine lower, Affine upper, For loop) {

    /** {@code upper - lower}: one less than the trip count when the loop runs. */
    public Affine width() {
        return upper.minus(lower);
    }
}
