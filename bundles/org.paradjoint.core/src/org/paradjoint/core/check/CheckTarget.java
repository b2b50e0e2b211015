package org.paradjoint.core.check;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.transform.DerivativeSignature;

/** One function to check: the primal, the signatures of its tangent and adjoint, and the options. */
public record CheckTarget(Function primal, DerivativeSignature tangent, DerivativeSignature adjoint, CheckSpec spec) {

    /** The options may name a struct's members as the code does ({@code --set g->n=100}): read as the IR names them. */
    public CheckTarget {
        if (primal != null && spec != null && !primal.structs().isEmpty()) {
            spec = CheckSpecParser.parse(spec.toArguments().stream()
                    .map(a -> StructParameter.unspell(a, primal.structs())).toList());
        }
    }
}
