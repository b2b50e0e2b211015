package org.paradjoint.core.frontend;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;

/** The IR of a file and what the front-end had to say; {@code unit} is null when errors prevented mapping. */
public record ParseResult(TranslationUnit unit, List<Diagnostic> diagnostics) {

    public ParseResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return unit == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
