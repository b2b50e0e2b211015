package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.race.Prover;
import org.paradjoint.race.RaceReport;
import org.paradjoint.z3.Z3Prover;

/**
 * Reverse mode: {@code f_b} in {@code name_b.c}, for functions with a {@code gradient} or
 * {@code stencil adjoint} pragma (the conventional adjoint; the stencil generator is separate).
 * Increments of shared adjoints in parallel loops are guarded according to the
 * {@link RaceStrategy}: the race analysis proves what it can, and its warnings on unproven
 * increments are part of the diagnostics.
 */
public final class AdjointGenerator implements DerivativeGenerator {

    private final ReductionLengths lengths;

    public AdjointGenerator() {
        this(ReductionLengths.symbolic());
    }

    /** {@code lengths} sizes reduction clauses (a timing driver knows the actual array lengths). */
    public AdjointGenerator(ReductionLengths lengths) {
        this.lengths = lengths;
    }

    @Override
    public String id() {
        return ADJOINT;
    }

    @Override
    public String label() {
        return "Adjoint";
    }

    @Override
    public boolean appliesTo(Function f) {
        return Annotations.hasGradient(f) || Annotations.hasStencil(f);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        DiffOptions options = settings.diffOptions();
        String path = Differentiator.outputFileName(sourcePath, Mode.REVERSE, options);
        List<Function> functions = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        List<Diagnostic> diags = new ArrayList<>();
        boolean errors;
        if (functionName != null) {
            DiffResult r = Differentiator.differentiate(unit, functionName, Mode.REVERSE, options);
            diags.addAll(r.diagnostics());
            errors = r.hasErrors();
            if (!errors) {
                functions.add(r.function());
                signatures.add(r.signature());
            }
        } else {
            FileResult r = Differentiator.differentiateAll(unit, Mode.REVERSE, options);
            diags.addAll(r.diagnostics());
            errors = r.hasErrors();
            functions.addAll(r.functions());
            signatures.addAll(r.signatures());
        }
        if (errors) {
            return new GeneratedFile(path, null, signatures, diags);
        }
        if (settings.raceStrategy() != RaceStrategy.ALL_ATOMIC) {
            guard(unit, functions, signatures, settings, diags);
        }
        return new GeneratedFile(path, CPrinter.printFile(functions), signatures, diags);
    }

    private void guard(TranslationUnit unit, List<Function> functions, List<DerivativeSignature> signatures,
            GenerationSettings settings, List<Diagnostic> diags) {
        Prover prover = null;
        for (int k = 0; k < functions.size(); k++) {
            Function adjoint = functions.get(k);
            DerivativeSignature sig = signatures.get(k);
            Function primal = unit.function(sig.primalName()).orElse(null);
            if (primal == null || !IncrementGuards.hasAtomics(adjoint)) {
                continue;
            }
            RaceReport report;
            try {
                if (prover == null) {
                    prover = new Z3Prover();
                }
                report = RaceChecks.analyze(primal, sig, settings, prover);
            } catch (RuntimeException | LinkageError e) {
                // Without a prover nothing is proven: the adjoint keeps every atomic, which is correct.
                diags.add(Diagnostic.warning("race-analysis-unavailable", primal.range(), "race analysis of '"
                        + primal.name() + "' failed (" + e + "): every shared adjoint increment stays atomic"));
                continue;
            }
            diags.addAll(report.diagnostics());
            IncrementGuards.Outcome o = IncrementGuards.apply(adjoint, primal, sig, report, settings.raceStrategy(),
                    lengths);
            diags.addAll(o.notes());
            functions.set(k, o.adjoint());
        }
    }
}
