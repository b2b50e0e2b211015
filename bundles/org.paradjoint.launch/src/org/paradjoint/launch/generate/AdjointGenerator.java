package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.race.Prover;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.z3.Z3Prover;

/**
 * Reverse mode: {@code f_b} in {@code name_b.c} (Fortran: {@code name_b.f90}), for functions with a {@code gradient} or
 * {@code stencil adjoint} pragma (the conventional adjoint; the stencil generator is separate).
 * Increments of shared adjoints in parallel loops are guarded according to the
 * {@link RaceStrategy}: the race analysis proves what it can ({@link RaceAwareDifferentiator}),
 * and its warnings on unproven increments are part of the diagnostics.
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
        DiffOptions base = settings.diffOptions();
        String path = Differentiator.outputFileName(sourcePath, Mode.REVERSE, base);
        List<String> names = new ArrayList<>();
        if (functionName != null) {
            names.add(functionName);
        } else {
            unit.functions().stream().filter(Differentiator::isAnnotated).forEach(f -> names.add(f.name()));
        }
        List<Function> functions = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        List<Diagnostic> diags = new ArrayList<>();
        boolean errors = false;
        Prover prover = null;
        for (String name : names) {
            DiffResult r;
            if (settings.raceStrategy() == RaceStrategy.ALL_ATOMIC) {
                r = Differentiator.differentiate(unit, name, Mode.REVERSE, base);
            } else {
                if (prover == null) {
                    prover = new Z3Prover();
                }
                DiffOptions options = base.withRaceStrategy(settings.raceStrategy() == RaceStrategy.REDUCTION
                        ? org.paradjoint.core.transform.RaceStrategy.REDUCTION
                        : org.paradjoint.core.transform.RaceStrategy.ATOMIC)
                        .withExtents(extents(unit.function(name).orElse(null)));
                r = RaceAwareDifferentiator.differentiate(unit, name, options, prover, settings.raceOptions())
                        .result();
            }
            diags.addAll(r.diagnostics());
            if (r.hasErrors()) {
                errors = true;
            } else {
                functions.add(r.function());
                signatures.add(r.signature());
            }
        }
        String text = errors ? null : Printers.printFile(unit, functions, CPrinter::printFile, diags);
        return new GeneratedFile(path, text, signatures, diags);
    }

    /** Lengths of the function's one-dimensional array parameters, for reduction clauses. */
    private Map<String, String> extents(Function f) {
        Map<String, String> out = new LinkedHashMap<>();
        if (f != null) {
            for (Variable p : f.params()) {
                if (p.rank() == 1) {
                    lengths.of(f, p).ifPresent(len -> out.put(p.name(), len));
                }
            }
        }
        return out;
    }
}
