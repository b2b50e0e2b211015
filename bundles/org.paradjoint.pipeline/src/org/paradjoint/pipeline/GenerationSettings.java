package org.paradjoint.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.stencil.StencilOptions;

/**
 * Everything a front door (command line, workbench preferences, timing variant) can set about
 * generation, parsed into honest types at that door: the suffixes of derivative names, the race
 * strategy of parallel adjoints, the limit of one prover question, the boundary strategy of
 * adjoint stencils (null: each pragma's own), the element counts of arrays given by the user
 * ({@code --extent}), dependents and independents that override the pragmas (null: the pragmas'),
 * whether stencil functions get the conventional adjoint instead of the adjoint stencil (timing
 * runs compare the two), and the preprocessor's include folders and macros ({@code -I}, {@code -D})
 * that front-ends read C with ({@link SourceLanguage#newFrontEnd(Preprocessor)}).
 */
public record GenerationSettings(String adjointSuffix, String tangentSuffix, RaceStrategy raceStrategy,
        Duration proverTimeout, StencilOptions.Strategy stencilStrategy, Map<String, String> extents,
        List<String> dependents, List<String> independents, boolean conventionalAdjoint, Preprocessor preprocessor) {

    public GenerationSettings {
        adjointSuffix = blankTo(adjointSuffix, "b");
        tangentSuffix = blankTo(tangentSuffix, "d");
        raceStrategy = raceStrategy == null ? RaceStrategy.PRIVATE : raceStrategy;
        proverTimeout = proverTimeout == null || proverTimeout.isZero() || proverTimeout.isNegative()
                ? RaceOptions.DEFAULT_TIMEOUT : proverTimeout;
        extents = extents == null ? Map.of() : Map.copyOf(extents);
        dependents = dependents == null ? null : List.copyOf(dependents);
        independents = independents == null ? null : List.copyOf(independents);
        preprocessor = preprocessor == null ? Preprocessor.NONE : preprocessor;
    }

    /** The settings of the workbench's preference page. */
    public GenerationSettings(String adjointSuffix, String tangentSuffix, RaceStrategy raceStrategy,
            Duration proverTimeout, StencilOptions.Strategy stencilStrategy) {
        this(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, stencilStrategy, null, null, null, false, null);
    }

    public static GenerationSettings defaults() {
        return new GenerationSettings(null, null, null, null, null);
    }

    /**
     * The all-atomic baseline: every annotated function, stencil functions included, gets the
     * conventional adjoint with every increment of a shared adjoint atomic (no race analysis).
     */
    public static GenerationSettings allAtomic() {
        return defaults().withRaceStrategy(RaceStrategy.ALL_ATOMIC).withConventionalAdjoint(true);
    }

    public GenerationSettings withRaceStrategy(RaceStrategy s) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, s, proverTimeout, stencilStrategy, extents,
                dependents, independents, conventionalAdjoint, preprocessor);
    }

    public GenerationSettings withSuffixes(String adjoint, String tangent) {
        return new GenerationSettings(adjoint, tangent, raceStrategy, proverTimeout, stencilStrategy, extents,
                dependents, independents, conventionalAdjoint, preprocessor);
    }

    public GenerationSettings withProverTimeout(Duration timeout) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, timeout, stencilStrategy, extents,
                dependents, independents, conventionalAdjoint, preprocessor);
    }

    public GenerationSettings withStencilStrategy(StencilOptions.Strategy s) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, s, extents,
                dependents, independents, conventionalAdjoint, preprocessor);
    }

    public GenerationSettings withExtents(Map<String, String> given) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, stencilStrategy,
                given, dependents, independents, conventionalAdjoint, preprocessor);
    }

    /** Dependents and independents that replace those of the pragmas (either may be null). */
    public GenerationSettings withVariables(List<String> deps, List<String> indeps) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, stencilStrategy,
                extents, deps, indeps, conventionalAdjoint, preprocessor);
    }

    /** Stencil functions get the conventional adjoint (with the race strategy) instead of the adjoint stencil. */
    public GenerationSettings withConventionalAdjoint(boolean conventional) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, stencilStrategy,
                extents, dependents, independents, conventional, preprocessor);
    }

    /** The include folders and macros that C files are parsed with, and that {@code check} compiles them with. */
    public GenerationSettings withPreprocessor(Preprocessor p) {
        return new GenerationSettings(adjointSuffix, tangentSuffix, raceStrategy, proverTimeout, stencilStrategy,
                extents, dependents, independents, conventionalAdjoint, p);
    }

    public boolean overridesVariables() {
        return dependents != null || independents != null;
    }

    /** The options of the tangent and reverse transformations. */
    public DiffOptions diffOptions() {
        DiffOptions o = DiffOptions.defaults().withSuffixes(tangentSuffix, adjointSuffix);
        if (overridesVariables()) {
            o = o.withVariables(dependents, independents);
        }
        return o.withRaceStrategy(raceStrategy == RaceStrategy.ALL_ATOMIC ? RaceStrategy.ATOMIC : raceStrategy)
                .withExtents(extents);
    }

    /** The options of the race analysis (dependents and independents come from each function). */
    public RaceOptions raceOptions() {
        return RaceOptions.defaults().withTimeout(proverTimeout).withAdjointSuffix(adjointSuffix);
    }

    /** The options of the adjoint-stencil transformation. */
    public StencilOptions stencilOptions() {
        return new StencilOptions(stencilStrategy, adjointSuffix);
    }

    private static String blankTo(String s, String fallback) {
        return s == null || s.isBlank() ? fallback : s.strip();
    }
}
