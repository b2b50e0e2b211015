package org.paradjoint.pipeline;

import java.util.List;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.race.Prover;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;

/** The race analysis of a primal function, with the dependents and independents its adjoint uses. */
public final class RaceChecks {

    private RaceChecks() {
    }

    public static RaceReport analyze(Function primal, DerivativeSignature adjoint, GenerationSettings settings,
            Prover prover) {
        return RaceAnalysis.analyze(primal, prover, options(settings, adjoint));
    }

    /** Race options with the dependents and independents of the generated signature. */
    static RaceOptions options(GenerationSettings settings, DerivativeSignature sig) {
        List<String> deps = sig.params().stream().filter(DerivativeSignature.Param::dependent)
                .map(p -> p.primal().name()).toList();
        List<String> indeps = sig.params().stream().filter(DerivativeSignature.Param::independent)
                .map(p -> p.primal().name()).toList();
        return settings.raceOptions().withGradient(deps, indeps);
    }
}
