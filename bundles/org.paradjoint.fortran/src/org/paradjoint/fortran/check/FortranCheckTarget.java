package org.paradjoint.fortran.check;

import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.ProcedureInfo;

/**
 * One function to check: the primal, the signatures of its tangent and adjoint, the options
 * ({@code --set}, {@code --extent}, {@code --index} ... as for C) and what the front-end knows
 * beyond the IR (module, assumed-shape dummies; may be null for an external procedure with
 * explicit-shape or assumed-size dummies only).
 */
public record FortranCheckTarget(Function primal, DerivativeSignature tangent, DerivativeSignature adjoint,
        CheckSpec spec, ProcedureInfo info) {
}
