package org.paradjoint.fortran.internal;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;

/** Collects the diagnostics of one file, located through its {@link SourceText}. */
public final class Reporter {
    private final SourceText src;
    private final Diagnostics diags = new Diagnostics();

    public Reporter(SourceText src) {
        this.src = src;
    }

    public SourceText src() {
        return src;
    }

    public void error(String code, int start, int end, String message) {
        diags.add(Diagnostic.error(code, src.range(start, end), message));
    }

    public void warning(String code, int start, int end, String message) {
        diags.add(Diagnostic.warning(code, src.range(start, end), message));
    }

    public void add(Diagnostic d) {
        diags.add(d);
    }

    public void error(String code, SourceRange range, String message) {
        diags.add(Diagnostic.error(code, range, message));
    }

    public boolean hasErrors() {
        return diags.hasErrors();
    }

    public int errorCount() {
        return (int) diags.list().stream().filter(Diagnostic::isError).count();
    }

    public Diagnostics diagnostics() {
        return diags;
    }
}
