package org.paradjoint.core.transform;

import org.paradjoint.core.ir.Function;

/**
 * Gives the {@link IncrementPolicy} of one differentiation from the function reverse mode
 * actually differentiates: the primal after inlining and normalisation, whose loops and
 * references are the very nodes the generator later asks about. The race analysis is one; a
 * fixed policy is another ({@code prepared -> policy}).
 */
@FunctionalInterface
public interface IncrementAnalysis {

    /** The policy for {@code prepared}; called once per differentiation, before any question. */
    IncrementPolicy policyFor(Function prepared);
}
