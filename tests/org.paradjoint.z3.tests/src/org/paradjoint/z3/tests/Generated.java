package org.paradjoint.z3.tests;

import java.util.Map;

import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSet;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.IncrementAnalysis;
import org.paradjoint.core.transform.IncrementPolicy;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.pipeline.Routes;

/**
 * Derivative files of every annotated function as the pipeline writes them (stencil functions get
 * the conventional adjoint too), with no extents beyond those given: the tangent, the all-atomic
 * baseline, the race-aware adjoint with atomic or reduction increments; and, below the pipeline,
 * the reverse mode under a given increment policy.
 */
final class Generated {

    private Generated() {
    }

    static FileResult tangent(TranslationUnit unit) {
        return DerivativeFiles.derivatives(unit, Mode.TANGENT, GenerationSettings.defaults(), ReductionLengths.none());
    }

    /** Every increment of a shared adjoint atomic (no race analysis). */
    static FileResult allAtomic(TranslationUnit unit) {
        return DerivativeFiles.derivatives(unit, Mode.REVERSE, GenerationSettings.allAtomic(), ReductionLengths.none());
    }

    /**
     * The race analysis' verdicts: proven increments plain, the others accumulated per thread (the
     * default strategy) where the adjoint allows it, else atomic; a warning each.
     */
    static FileResult raceAware(TranslationUnit unit) {
        return DerivativeFiles.derivatives(unit, Mode.REVERSE,
                GenerationSettings.defaults().withConventionalAdjoint(true), ReductionLengths.none());
    }

    /** As {@link #raceAware}, unproven increments summed per thread where {@code extents} give the lengths. */
    static FileResult reduction(TranslationUnit unit, Map<String, String> extents) {
        GenerationSettings settings = GenerationSettings.defaults().withConventionalAdjoint(true)
                .withRaceStrategy(RaceStrategy.REDUCTION).withExtents(extents);
        return DerivativeFiles.derivatives(unit, Mode.REVERSE, settings, ReductionLengths.none());
    }

    /** Reverse mode of every annotated function under {@code policy}, printed by the C printer. */
    static FileResult withPolicy(TranslationUnit unit, IncrementPolicy policy) {
        return withAnalysis(unit, prepared -> policy);
    }

    /** Reverse mode of every annotated function under the policy {@code analysis} makes of the function it differentiates. */
    static FileResult withAnalysis(TranslationUnit unit, IncrementAnalysis analysis) {
        DiffOptions options = DiffOptions.defaults().withIncrementAnalysis(analysis);
        return DerivativeSet.of(unit.functions().stream().filter(Routes::isAnnotated)
                .map(f -> Differentiator.differentiate(unit, f.name(), Mode.REVERSE, options)).toList())
                .file(Differentiator.outputFileName(unit.file(), Mode.REVERSE, options), CPrinter::printFile);
    }
}
