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

    public void error(String id, int start, int end, Object... arguments) {
        diags.add(Diagnostic.error(id, src.range(start, end), arguments));
    }

    public void warning(String id, int start, int end, Object... arguments) {
        diags.add(Diagnostic.warning(id, src.range(start, end), arguments));
    }

    public void add(Diagnostic d) {
        diags.add(d);
    }

    public void error(String id, SourceRange range, Object... arguments) {
        diags.add(Diagnostic.error(id, range, arguments));
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
