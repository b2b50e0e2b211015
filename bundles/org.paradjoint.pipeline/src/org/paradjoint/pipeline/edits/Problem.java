package org.paradjoint.pipeline.edits;

import java.util.Map;

import org.paradjoint.core.diag.Severity;

/**
 * One finding of a validation, ready to become a marker: what the command line would print
 * (without its {@code file:line:col} prefix), where, and the arguments a quick-fix reads back.
 */
public record Problem(Severity severity, String code, String message, int offset, int length, int line,
        Map<String, String> attributes) {

    /** Marker attribute keys of the arguments of an unsafe increment. */
    public static final String ADJOINT = "org.paradjoint.adjoint";
    public static final String REASON = "org.paradjoint.reason";
    public static final String COUNTEREXAMPLE = "org.paradjoint.counterexample";
    public static final String FUNCTION = "org.paradjoint.function";
    public static final String CODE = "org.paradjoint.code";
    /** How the increment is guarded by the user's choice: {@code atomic} or {@code reduction}; absent when open. */
    public static final String DECISION = "org.paradjoint.decision";

    public Problem {
        attributes = Map.copyOf(attributes);
    }

    public boolean isUnsafeIncrement() {
        return "race-unsafe-increment".equals(code);
    }
}
