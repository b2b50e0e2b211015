package org.paradjoint.core.transform;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Function;

/**
 * Options of a differentiation. {@code dependents}/{@code independents} override the pragmas
 * when non-null (e.g. from the command line, for a function without pragmas); the suffixes name
 * derivative variables ({@code x} + suffix) and functions ({@code f_} + suffix).
 * {@code incrementAnalysis} classifies the adjoint increments of parallel loops of the function
 * reverse mode differentiates (null: all UNSAFE, the atomic baseline) and {@code raceStrategy}
 * says how UNSAFE ones are protected.
 * {@code extents} gives the leading extent of arrays whose declaration leaves it open (a C pointer
 * parameter), as integer expressions over integer parameters ({@code x -> "n+8"}), for reverse
 * mode's reduction clauses and array saves; declared extents win.
 */
public record DiffOptions(List<String> dependents, List<String> independents, String tangentSuffix,
        String adjointSuffix, IncrementAnalysis incrementAnalysis, RaceStrategy raceStrategy,
        Map<String, String> extents) {

    public DiffOptions {
        dependents = dependents == null ? null : List.copyOf(dependents);
        independents = independents == null ? null : List.copyOf(independents);
        tangentSuffix = tangentSuffix == null || tangentSuffix.isEmpty() ? Mode.TANGENT.defaultSuffix() : tangentSuffix;
        adjointSuffix = adjointSuffix == null || adjointSuffix.isEmpty() ? Mode.REVERSE.defaultSuffix() : adjointSuffix;
        raceStrategy = raceStrategy == null ? RaceStrategy.ATOMIC : raceStrategy;
        extents = extents == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extents));
    }

    public DiffOptions(List<String> dependents, List<String> independents, String tangentSuffix,
            String adjointSuffix) {
        this(dependents, independents, tangentSuffix, adjointSuffix, null, RaceStrategy.ATOMIC, Map.of());
    }

    public static DiffOptions defaults() {
        return new DiffOptions(null, null, null, null);
    }

    /** Overrides the dependents and independents of the pragmas. */
    public DiffOptions withVariables(List<String> deps, List<String> indeps) {
        return new DiffOptions(deps, indeps, tangentSuffix, adjointSuffix, incrementAnalysis, raceStrategy, extents);
    }

    public DiffOptions withSuffixes(String tangent, String adjoint) {
        return new DiffOptions(dependents, independents, tangent, adjoint, incrementAnalysis, raceStrategy, extents);
    }

    /** The classification of adjoint increments in parallel loops; null means every increment is UNSAFE. */
    public DiffOptions withIncrementPolicy(IncrementPolicy policy) {
        return withIncrementAnalysis(policy == null ? null : prepared -> policy);
    }

    /** The policy made from the function reverse mode differentiates; null: every increment UNSAFE. */
    public DiffOptions withIncrementAnalysis(IncrementAnalysis analysis) {
        return new DiffOptions(dependents, independents, tangentSuffix, adjointSuffix, analysis, raceStrategy, extents);
    }

    public DiffOptions withRaceStrategy(RaceStrategy strategy) {
        return new DiffOptions(dependents, independents, tangentSuffix, adjointSuffix, incrementAnalysis, strategy,
                extents);
    }

    /** Extents of arrays by name ({@code "x" -> "n + 8"}); replaces those given before. */
    public DiffOptions withExtents(Map<String, String> given) {
        return new DiffOptions(dependents, independents, tangentSuffix, adjointSuffix, incrementAnalysis, raceStrategy,
                given);
    }

    /** The policy for {@code prepared} (the function reverse mode differentiates), else ALL_UNSAFE. */
    public IncrementPolicy policyFor(Function prepared) {
        return incrementAnalysis == null ? IncrementPolicy.ALL_UNSAFE : incrementAnalysis.policyFor(prepared);
    }

    public String suffix(Mode mode) {
        return mode == Mode.TANGENT ? tangentSuffix : adjointSuffix;
    }

    public boolean overridesVariables() {
        return dependents != null || independents != null;
    }
}
