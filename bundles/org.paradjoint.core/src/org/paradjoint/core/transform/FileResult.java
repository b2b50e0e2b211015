package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;

/**
 * The outcome of differentiating every annotated function of a file: the text of the generated
 * file (null when there is any error: no partial output), its conventional name
 * ({@code x_b.c} for {@code x.c} in reverse mode), the generated functions and their
 * signatures, in source order, and all diagnostics.
 */
public record FileResult(String text, String fileName, List<Function> functions, List<DerivativeSignature> signatures,
        List<Diagnostic> diagnostics) {

    public FileResult {
        functions = List.copyOf(functions);
        signatures = List.copyOf(signatures);
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return text == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
