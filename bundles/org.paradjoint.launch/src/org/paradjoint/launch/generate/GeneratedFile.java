package org.paradjoint.launch.generate;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * What a generator produced for one source file: the text of the generated file (null when there
 * is any error: no partial output), its path (next to the source, DESIGN naming), the signatures
 * of the generated functions and all diagnostics.
 */
public record GeneratedFile(String path, String text, List<DerivativeSignature> signatures,
        List<Diagnostic> diagnostics) {

    public GeneratedFile {
        signatures = List.copyOf(signatures);
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return text == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** Names of the generated functions, in source order. */
    public List<String> functionNames() {
        return signatures.stream().map(DerivativeSignature::derivedName).toList();
    }
}
