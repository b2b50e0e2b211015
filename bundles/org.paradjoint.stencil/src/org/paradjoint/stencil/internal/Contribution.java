package org.paradjoint.stencil.internal;

import org.paradjoint.core.ir.Expr;

/**
 * The derivative of one output with respect to one read of an input (all reads of that input at
 * the same shift combined), as an expression of the primal iteration's counters.
 */
public record Contribution(Output output, Expr partial) {
}
