package org.paradjoint.pipeline.edits;

import java.util.Map;

import org.paradjoint.core.diag.Severity;

/**
 * One finding of a validation, ready to become a marker: what the command line would print
 * (without its {@code file:line:col} prefix), where, and as attributes the catalogue id, the
 * code and every named argument of the diagnostic ({@link #argument}), which quick-fixes read
 * back.
 */
public record Problem(Severity severity, String code, String message, int offset, int length, int line,
        Map<String, String> attributes) {

    /** Prefix of the marker attribute of a named argument. */
    public static final String ARGUMENT_PREFIX = "org.paradjoint.arg.";
    /** Marker attribute keys of the arguments of an unsafe increment. */
    public static final String ADJOINT = argument("adjoint");
    public static final String REASON = argument("reason");
    public static final String COUNTEREXAMPLE = argument("counterexample");
    /** The function the finding is in (unsafe increments). */
    public static final String FUNCTION = "org.paradjoint.function";
    public static final String CODE = "org.paradjoint.code";
    /** The catalogue id of the problem (its code, or code.variant). */
    public static final String PROBLEM = "org.paradjoint.problem";
    /**
     * How the increment is guarded: by the user's choice, {@code atomic} or {@code reduction}, or
     * {@code gather} when the generator wrote it as a gather; absent when open.
     */
    public static final String DECISION = "org.paradjoint.decision";

    public Problem {
        attributes = Map.copyOf(attributes);
    }

    /** The marker attribute that carries the diagnostic's argument {@code name}. */
    public static String argument(String name) {
        return ARGUMENT_PREFIX + name;
    }

    public boolean isUnsafeIncrement() {
        return "race-unsafe-increment".equals(code);
    }
}
