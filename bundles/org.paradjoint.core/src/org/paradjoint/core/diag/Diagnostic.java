package org.paradjoint.core.diag;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A located problem: a row of the catalogue ({@link Problems}) and the named arguments its
 * message pattern and its data ask for, in the catalogue's order. The {@linkplain #code() code}
 * is stable (e.g. {@code unsupported-goto}); tests, markers and quick-fixes rely on it, and
 * quick-fixes read arguments back ({@link #argument}) instead of re-analysing. The severity and
 * the message come from the catalogue.
 */
public record Diagnostic(ProblemType problem, SourceRange range, Map<String, String> arguments) {

    public Diagnostic {
        List<String> names = problem.argumentNames();
        if (!new HashSet<>(names).equals(arguments.keySet())) {
            throw new IllegalArgumentException("problem '" + problem.id() + "' takes " + names + ", not "
                    + arguments.keySet());
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String n : names) {
            ordered.put(n, arguments.get(n));
        }
        arguments = Collections.unmodifiableMap(ordered);
        range = range == null ? SourceRange.NONE : range;
    }

    /**
     * The diagnostic of catalogue problem {@code id} at {@code range}; {@code namesAndValues}
     * alternate an argument's name and its value (spelled with {@link String#valueOf}).
     */
    public static Diagnostic of(String id, SourceRange range, Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("problem '" + id + "': arguments come in name, value pairs");
        }
        Map<String, String> args = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (args.put((String) namesAndValues[i], String.valueOf(namesAndValues[i + 1])) != null) {
                throw new IllegalArgumentException("problem '" + id + "': argument " + namesAndValues[i] + " twice");
            }
        }
        return new Diagnostic(Problems.get(id), range, args);
    }

    /** {@link #of}, for a problem the catalogue lists as an error. */
    public static Diagnostic error(String id, SourceRange range, Object... namesAndValues) {
        return expect(Severity.ERROR, of(id, range, namesAndValues));
    }

    /** {@link #of}, for a problem the catalogue lists as a warning. */
    public static Diagnostic warning(String id, SourceRange range, Object... namesAndValues) {
        return expect(Severity.WARNING, of(id, range, namesAndValues));
    }

    /** {@link #of}, for a problem the catalogue lists as information. */
    public static Diagnostic info(String id, SourceRange range, Object... namesAndValues) {
        return expect(Severity.INFO, of(id, range, namesAndValues));
    }

    private static Diagnostic expect(Severity severity, Diagnostic d) {
        if (d.severity() != severity) {
            throw new IllegalArgumentException("problem '" + d.problem().id() + "' is " + d.severity().label()
                    + " in the catalogue, not " + severity.label());
        }
        return d;
    }

    /** The same arguments, reported as catalogue problem {@code id} (which takes the same ones). */
    public Diagnostic as(String id) {
        return new Diagnostic(Problems.get(id), range, arguments);
    }

    public Severity severity() {
        return problem.severity();
    }

    public String code() {
        return problem.code();
    }

    public String message() {
        return problem.format(arguments);
    }

    /** The named argument; a name the problem's pattern does not have is a programming error. */
    public String argument(String name) {
        String value = arguments.get(name);
        if (value == null) {
            throw new IllegalArgumentException("problem '" + problem.id() + "' has no argument " + name);
        }
        return value;
    }

    public boolean isError() {
        return severity() == Severity.ERROR;
    }

    /** {@code file:line:col: error: message}, the format of the command line and of markers. */
    public String format() {
        String where = range.isKnown() ? range.location() : range.file();
        return (where.isEmpty() ? "" : where + ": ") + severity().label() + ": " + message();
    }

    @Override
    public String toString() {
        return format();
    }
}
