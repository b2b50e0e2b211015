package org.paradjoint.core.transform;

import java.util.List;

/**
 * Options of a differentiation. {@code dependents}/{@code independents} override the pragmas
 * when non-null (e.g. from the command line, for a function without pragmas); the suffixes name
 * derivative variables ({@code x} + suffix) and functions ({@code f_} + suffix).
 */
public record DiffOptions(List<String> dependents, List<String> independents, String tangentSuffix,
        String adjointSuffix) {

    public DiffOptions {
        dependents = dependents == null ? null : List.copyOf(dependents);
        independents = independents == null ? null : List.copyOf(independents);
        tangentSuffix = tangentSuffix == null || tangentSuffix.isEmpty() ? Mode.TANGENT.defaultSuffix() : tangentSuffix;
        adjointSuffix = adjointSuffix == null || adjointSuffix.isEmpty() ? Mode.REVERSE.defaultSuffix() : adjointSuffix;
    }

    public static DiffOptions defaults() {
        return new DiffOptions(null, null, null, null);
    }

    /** Overrides the dependents and independents of the pragmas. */
    public DiffOptions withVariables(List<String> deps, List<String> indeps) {
        return new DiffOptions(deps, indeps, tangentSuffix, adjointSuffix);
    }

    public DiffOptions withSuffixes(String tangent, String adjoint) {
        return new DiffOptions(dependents, independents, tangent, adjoint);
    }

    public String suffix(Mode mode) {
        return mode == Mode.TANGENT ? tangentSuffix : adjointSuffix;
    }

    public boolean overridesVariables() {
        return dependents != null || independents != null;
    }
}
