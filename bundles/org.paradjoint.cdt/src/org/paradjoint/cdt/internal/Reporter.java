package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;

/** Collects the diagnostics of one file, once per code and position, in source order,
 * syntax errors first. */
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
        // the first syntax error first: what follows it may be the parser's recovery going astray
        out.sort(Comparator.comparing((Diagnostic d) -> !d.code().equals("syntax-error"))
                .thenComparingInt(d -> d.range().offset()));
        return out;
    }
}
