package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;

/** Collects the diagnostics of one file, once per code and position, in source order. */
final class Reporter {
    private final List<Diagnostic> items = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    void report(Diagnostic d) {
        if (seen.add(d.code() + "@" + d.range().offset())) {
            items.add(d);
        }
    }

    boolean hasErrors() {
        return items.stream().anyMatch(Diagnostic::isError);
    }

    List<Diagnostic> sorted() {
        List<Diagnostic> out = new ArrayList<>(items);
        out.sort(Comparator.comparingInt(d -> d.range().offset()));
        return out;
    }
}
