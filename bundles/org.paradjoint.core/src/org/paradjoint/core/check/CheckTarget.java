package org.paradjoint.core.check;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.DerivativeSignature;

/** One function to check: the primal, the signatures of its tangent and adjoint, and the options. */
public record CheckTarget(Function primal, DerivativeSignature tangent, DerivativeSignature adjoint, CheckSpec spec) {
}
