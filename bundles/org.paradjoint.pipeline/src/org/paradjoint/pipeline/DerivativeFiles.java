package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.race.Prover;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.z3.Z3Prover;

/**
 * Writes the file of derivatives of one mode ({@code x_b.c} / {@code x_d.c}, or {@code .f90}):
 * every annotated function (or the one asked for) goes through the transformation {@link Routes}
 * chooses, and the results are printed by the unit's {@link SourceLanguage}. The only loop over
 * functions of a file in the project; no text when anything is an error.
 */
public final class DerivativeFiles {

    private DerivativeFiles() {
    }

    /**
     * The derivatives of {@code unit} in {@code mode}, named after {@code sourcePath}.
     *
     * @param function only this function (null: every annotated one)
     * @param lengths element counts of array parameters where the user gave none, for reduction
     *            clauses and whole-array saves
     */
    public static GeneratedFile generate(TranslationUnit unit, String sourcePath, Mode mode, String function,
            GenerationSettings settings, ReductionLengths lengths) {
        String path = Differentiator.outputFileName(sourcePath, mode, settings.diffOptions());
        List<Diagnostic> diags = new ArrayList<>();
        List<Function> targets = targets(unit, function, diags);
        List<Function> generated = new ArrayList<>();
        List<DerivativeSignature> signatures = new ArrayList<>();
        boolean errors = !diags.isEmpty();
        Prover prover = null;
        for (Function f : targets) {
            Routes.Transform t = Routes.of(f, mode, settings);
            if (t == Routes.Transform.RACE_AWARE_ADJOINT && prover == null) {
                prover = new Z3Prover();
            }
            DiffResult r = differentiate(unit, f, t, settings, lengths, prover);
            diags.addAll(r.diagnostics());
            if (r.hasErrors()) {
                errors = true;
            } else {
                generated.add(r.function());
                signatures.add(r.signature());
            }
        }
        String text = errors ? null : print(unit, generated, diags);
        return new GeneratedFile(path, text, signatures, diags);
    }

    private static List<Function> targets(TranslationUnit unit, String function, List<Diagnostic> diags) {
        if (function == null) {
            return unit.functions().stream().filter(Routes::isAnnotated).toList();
        }
        Optional<Function> f = unit.function(function);
        if (f.isEmpty()) {
            diags.add(Diagnostic.error("no-such-function", SourceRange.NONE, "no function '" + function + "' in "
                    + unit.file()));
            return List.of();
        }
        return List.of(f.get());
    }

    private static DiffResult differentiate(TranslationUnit unit, Function f, Routes.Transform t,
            GenerationSettings settings, ReductionLengths lengths, Prover prover) {
        DiffOptions options = settings.diffOptions().withExtents(extents(f, settings, lengths));
        return switch (t) {
            case TANGENT -> Differentiator.differentiate(unit, f.name(), Mode.TANGENT, options);
            case ALL_ATOMIC_ADJOINT -> Differentiator.differentiate(unit, f.name(), Mode.REVERSE, options);
            case ADJOINT_STENCIL -> StencilDifferentiator.differentiate(unit, f.name(), settings.stencilOptions());
            case RACE_AWARE_ADJOINT -> RaceAwareDifferentiator.differentiate(unit, f.name(), options, prover,
                    settings.raceOptions()).result();
        };
    }

    /** The user's extents, completed by {@code lengths} for the one-dimensional array parameters they leave out. */
    private static Map<String, String> extents(Function f, GenerationSettings settings, ReductionLengths lengths) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Variable p : f.params()) {
            if (p.rank() == 1 && !settings.extents().containsKey(p.name())) {
                lengths.of(f, p).ifPresent(len -> out.put(p.name(), len));
            }
        }
        out.putAll(settings.extents());
        return out;
    }

    private static String print(TranslationUnit unit, List<Function> generated, List<Diagnostic> diags) {
        try {
            return Languages.of(unit).printFile(generated);
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            return null;
        }
    }
}
