package org.paradjoint.launch.generate;

import java.time.Duration;

import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.race.RaceOptions;

/**
 * What every generator reads: the suffixes of derivative names, the race strategy of parallel
 * adjoints, the limit of one prover question and the boundary strategy of adjoint stencils. The
 * workbench's preference page edits these; the command line sets them through options.
 */
public record GenerationSettings(String adjointSuffix, String tangentSuffix, RaceStrategy raceStrategy,
        Duration proverTimeout, String stencilStrategy) {

    public static final String DEFAULT_STENCIL_STRATEGY = "split";

    public GenerationSettings {
        adjointSuffix = blankTo(adjointSuffix, "b");
        tangentSuffix = blankTo(tangentSuffix, "d");
        raceStrategy = raceStrategy == null ? RaceStrategy.ATOMIC : raceStrategy;
        proverTimeout = proverTimeout == null || proverTimeout.isZero() || proverTimeout.isNegative()
                ? RaceOptions.DEFAULT_TIMEOUT : proverTimeout;
        stencilStrategy = blankTo(stencilStrategy, DEFAULT_STENCIL_STRATEGY);
    }

    public static GenerationSettings defaults() {
        return new GenerationSettings(null, null, null, null, null);
    }

    public GenerationSettings withRaceStrategy(RaceStrategy s) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, s, proverTimeout, stencilStrategy);
    }

    public GenerationSettings withSuffixes(String adjoint, String tangent) {
        return new GenerationSettings(adjoint, tangent, raceStrategy, proverTimeout, stencilStrategy);
    }

    /** The options of the tangent and reverse transformations. */
    public DiffOptions diffOptions() {
        return DiffOptions.defaults().withSuffixes(tangentSuffix, adjointSuffix);
    }

    /** The options of the race analysis (dependents and independents come from each function). */
    public RaceOptions raceOptions() {
        return RaceOptions.defaults().withTimeout(proverTimeout).withAdjointSuffix(adjointSuffix);
    }

    private static String blankTo(String s, String fallback) {
        return s == null || s.isBlank() ? fallback : s.strip();
    }
}
