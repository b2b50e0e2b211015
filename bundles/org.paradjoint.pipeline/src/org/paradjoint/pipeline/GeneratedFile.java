package org.paradjoint.pipeline;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.transform.DerivativeSignature;

/**
 * What a generator produced for one source file: the text of the generated file (null when there
 * is any error: no partial output), its path (next to the source, DESIGN naming), the signatures
 * of the generated functions, all diagnostics, and the companion files it needs beside it (the
 * headers a partially separable gradient includes; none for adjoints and tangents).
 */
public record GeneratedFile(String path, String text, List<DerivativeSignature> signatures,
        List<Diagnostic> diagnostics, List<Companion> companions) {

    /** A further file written next to the generated one, such as a header it includes. */
    public record Companion(String path, String text) {
    }

    public GeneratedFile {
        signatures = List.copyOf(signatures);
        diagnostics = List.copyOf(diagnostics);
        companions = List.copyOf(companions);
    }

    /** A generated file that needs no companions. */
    public GeneratedFile(String path, String text, List<DerivativeSignature> signatures,
            List<Diagnostic> diagnostics) {
        this(path, text, signatures, diagnostics, List.of());
    }

    public boolean hasErrors() {
        return text == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** Names of the generated functions, in source order. */
    public List<String> functionNames() {
        return signatures.stream().map(DerivativeSignature::derivedName).toList();
    }
}
