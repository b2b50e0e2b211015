package org.paradjoint.core.diag;

import java.util.List;

/**
 * A located message. {@code code} is a stable identifier (e.g. {@code unsupported-goto}) that
 * tests, markers and quick-fixes rely on; {@code arguments} carry data a quick-fix reads back
 * instead of re-analysing.
 */
public record Diagnostic(Severity severity, String code, String message, SourceRange range, List<String> arguments) {

    public Diagnostic {
        arguments = List.copyOf(arguments);
    }

    public static Diagnostic error(String code, SourceRange range, String message) {
        return new Diagnostic(Severity.ERROR, code, message, range == null ? SourceRange.NONE : range, List.of());
    }

    public static Diagnostic warning(String code, SourceRange range, String message) {
        return new Diagnostic(Severity.WARNING, code, message, range == null ? SourceRange.NONE : range, List.of());
    }

    public static Diagnostic info(String code, SourceRange range, String message) {
        return new Diagnostic(Severity.INFO, code, message, range == null ? SourceRange.NONE : range, List.of());
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code file:line:col: error: message}, the format of the command line and of markers. */
    public String format() {
        String where = range.isKnown() ? range.location() : range.file();
        return (where.isEmpty() ? "" : where + ": ") + severity.label() + ": " + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
