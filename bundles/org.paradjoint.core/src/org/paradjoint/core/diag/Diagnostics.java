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

    /** Catalogue problem {@code id}, an error, with its named arguments. */
    public void error(String id, SourceRange range, Object... namesAndValues) {
        add(Diagnostic.error(id, range, namesAndValues));
    }

    /** Catalogue problem {@code id}, a warning, with its named arguments. */
    public void warning(String id, SourceRange range, Object... namesAndValues) {
        add(Diagnostic.warning(id, range, namesAndValues));
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(Diagnostic::isError);
    }

    public List<Diagnostic> list() {
        return List.copyOf(items);
    }
}
