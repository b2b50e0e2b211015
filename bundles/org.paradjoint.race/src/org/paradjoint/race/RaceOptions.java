package org.paradjoint.race;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Settings of the race analysis.
 *
 * @param useBounds     use loop bounds and strides (of the parallel loop and of inner loops) as
 *                      constraints, including the primal knowledge quantified over all iteration
 *                      pairs; without them the analysis reasons from index knowledge alone
 * @param timeout       limit of one prover question; no answer in time means UNSAFE
 * @param adjointSuffix suffix of adjoint names ({@code x} -> {@code xb})
 * @param dependents    overrides the dependents of the function's {@code gradient} pragmas when non-empty
 * @param independents  overrides the independents of the function's {@code gradient} pragmas when non-empty
 * @param adjointNames  adjoint names that do not follow the suffix (a stencil pragma's mapping), by primal name;
 *                      only messages and reports use names
 */
public record RaceOptions(boolean useBounds, Duration timeout, String adjointSuffix, List<String> dependents,
        List<String> independents, Map<String, String> adjointNames) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

    public RaceOptions {
        dependents = List.copyOf(dependents);
        independents = List.copyOf(independents);
        adjointNames = Map.copyOf(adjointNames);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    public static RaceOptions defaults() {
        return new RaceOptions(true, DEFAULT_TIMEOUT, "b", List.of(), List.of(), Map.of());
    }

    public RaceOptions withBounds(boolean b) {
        return new RaceOptions(b, timeout, adjointSuffix, dependents, independents, adjointNames);
    }

    public RaceOptions withTimeout(Duration t) {
        return new RaceOptions(useBounds, t, adjointSuffix, dependents, independents, adjointNames);
    }

    public RaceOptions withAdjointSuffix(String s) {
        return new RaceOptions(useBounds, timeout, s, dependents, independents, adjointNames);
    }

    public RaceOptions withGradient(List<String> deps, List<String> indeps) {
        return new RaceOptions(useBounds, timeout, adjointSuffix, deps, indeps, adjointNames);
    }

    public RaceOptions withAdjointNames(Map<String, String> names) {
        return new RaceOptions(useBounds, timeout, adjointSuffix, dependents, independents, names);
    }

    /** The name of the adjoint of {@code primal}: given, or the primal name and the suffix. */
    public String adjointName(String primal) {
        return adjointNames.getOrDefault(primal, primal + adjointSuffix);
    }
}
