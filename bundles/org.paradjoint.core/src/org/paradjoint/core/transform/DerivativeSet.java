package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Function;

/**
 * The derivatives of several functions of one file, in source order: the generated functions and
 * their signatures (of those that succeeded) and every diagnostic. What every "differentiate the
 * whole file" collects its results into; a file is printed only when no function failed.
 */
public record DerivativeSet(List<Function> functions, List<DerivativeSignature> signatures,
        List<Diagnostic> diagnostics, boolean failed) {

    public DerivativeSet {
        functions = List.copyOf(functions);
        signatures = List.copyOf(signatures);
        diagnostics = List.copyOf(diagnostics);
    }

    /** The set of {@code results}, one per function in source order (however they were computed). */
    public static DerivativeSet of(List<DiffResult> results) {
        List<Function> functions = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        List<Diagnostic> diags = new ArrayList<>();
        boolean failed = false;
        for (DiffResult r : results) {
            diags.addAll(r.diagnostics());
            if (r.hasErrors()) {
                failed = true;
            } else {
                functions.add(r.function());
                signatures.add(r.signature());
            }
        }
        return new DerivativeSet(functions, signatures, diags, failed);
    }

    /**
     * The file {@code fileName} with the functions printed by {@code printer}; no text when a
     * function failed or the printer cannot write a construct (its diagnostic is added).
     */
    public FileResult file(String fileName, java.util.function.Function<List<Function>, String> printer) {
        List<Diagnostic> diags = new ArrayList<>(diagnostics);
        String text = null;
        if (!failed) {
            try {
                text = printer.apply(functions);
            } catch (UnsupportedException e) {
                diags.add(e.diagnostic());
            }
        }
        return new FileResult(text, fileName, functions, signatures, diags);
    }
}
