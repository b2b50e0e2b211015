package org.paradjoint.fortran.check;

import java.util.function.Supplier;

import org.paradjoint.core.diag.Diagnostics;

/** Runs a step and returns its result only when the step added no error to the diagnostics. */
final class FortranDiagnosticsGuard {
    private final Diagnostics diags;

    FortranDiagnosticsGuard(Diagnostics diags) {
        this.diags = diags;
    }

    <T> T run(Supplier<T> step) {
        int before = diags.list().size();
        T value = step.get();
        boolean failed = diags.list().subList(before, diags.list().size()).stream().anyMatch(d -> d.isError());
        return failed ? null : value;
    }
}
