package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;

/**
 * The outcome of differentiating one function: the generated function (null when there is any
 * error), its signature (null when the variables could not be resolved) and the diagnostics.
 */
public record DiffResult(Function function, DerivativeSignature signature, List<Diagnostic> diagnostics) {

    public DiffResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return function == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
