package org.paradjoint.core.check;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;

/** A generated check driver: C source text, null when an error diagnostic prevented it. */
public record CheckDriver(String source, List<Diagnostic> diagnostics) {

    public CheckDriver {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return source == null || diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
