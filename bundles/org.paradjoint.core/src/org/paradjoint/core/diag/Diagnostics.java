package org.paradjoint.core.diag;

import java.util.ArrayList;
import java.util.List;

/** Collects diagnostics of one front-end run or transformation. */
public final class Diagnostics {

    private final List<Diagnostic> items = new ArrayList<>();

    public void add(Diagnostic d) {
        items.add(d);
    }

    public void addAll(List<Diagnostic> ds) {
        items.addAll(ds);
    }

    public void error(String code, SourceRange range, String message) {
        add(Diagnostic.error(code, range, message));
    }

    public void warning(String code, SourceRange range, String message) {
        add(Diagnostic.warning(code, range, message));
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(Diagnostic::isError);
    }

    public List<Diagnostic> list() {
        return List.copyOf(items);
    }
}
