package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.inline.CallInliner;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CStructWrappers;
import org.paradjoint.core.transform.DerivativeSet;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.FileResult;
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
        List<Diagnostic> missing = new ArrayList<>();
        List<Function> targets = targets(unit, function, missing);
        if (!missing.isEmpty()) {
            return new GeneratedFile(path, null, List.of(), missing);
        }
        FileResult file = derivatives(unit, path, targets, mode, settings, lengths);
        List<Diagnostic> clashes = NameClashes.of(unit, file.signatures(), null);
        if (!clashes.isEmpty()) {
            List<Diagnostic> all = new ArrayList<>(file.diagnostics());
            all.addAll(clashes);
            return new GeneratedFile(path, null, file.signatures(), all);
        }
        String text = file.text() == null ? null : GeneratedMarker.stamp(path, file.text());
        return new GeneratedFile(path, text, file.signatures(), file.diagnostics());
    }

    /**
     * The derivatives of every annotated function of {@code unit} in {@code mode}, printed by the
     * unit's language and named after {@code unit.file()}: the file {@link #generate} writes,
     * before it checks name clashes and stamps the marker line; it also keeps the generated IR.
     */
    public static FileResult derivatives(TranslationUnit unit, Mode mode, GenerationSettings settings,
            ReductionLengths lengths) {
        return derivatives(unit, Differentiator.outputFileName(unit.file(), mode, settings.diffOptions()),
                targets(unit, null, new ArrayList<>()), mode, settings, lengths);
    }

    private static FileResult derivatives(TranslationUnit unit, String path, List<Function> targets, Mode mode,
            GenerationSettings settings, ReductionLengths lengths) {
        Prover prover = new Z3Prover(); // opens a Z3 context per question session, only when a function needs one
        // functions differentiate independently: on several cores, printed in source order
        DerivativeSet set = DerivativeSet.of(Workers.map(targets, f -> differentiate(unit, f, mode, settings, lengths,
                () -> prover)));
        return set.file(path, functions -> Languages.of(unit).printFile(unit, functions, set.signatures()));
    }

    private static List<Function> targets(TranslationUnit unit, String function, List<Diagnostic> diags) {
        if (function == null) {
            return unit.functions().stream().filter(Routes::isAnnotated).toList();
        }
        Optional<Function> f = unit.function(function);
        if (f.isEmpty()) {
            diags.add(Diagnostic.error("no-such-function", SourceRange.NONE, "function", function, "file",
                    unit.file()));
            return List.of();
        }
        return List.of(f.get());
    }

    /**
     * One function through the transformation {@link Routes} chooses, with its diagnostics (for a
     * race-aware adjoint, the race analysis' warnings on unproven increments included).
     *
     * @param provers gives the prover when the race analysis needs one
     */
    public static DiffResult differentiate(TranslationUnit unit, Function f, Mode mode, GenerationSettings settings,
            ReductionLengths lengths, Supplier<Prover> provers) {
        DiffOptions options = settings.diffOptions().withExtents(extents(unit, f, settings, lengths));
        DiffResult r = switch (Routes.of(f, mode, settings)) {
            case TANGENT -> Differentiator.differentiate(unit, f.name(), Mode.TANGENT, options);
            case ALL_ATOMIC_ADJOINT -> Differentiator.differentiate(unit, f.name(), Mode.REVERSE, options);
            case ADJOINT_STENCIL -> StencilDifferentiator.differentiate(unit, f.name(), settings.stencilOptions());
            case RACE_AWARE_ADJOINT -> RaceAwareDifferentiator.differentiate(unit, f.name(), options, provers.get(),
                    settings.raceOptions()).result();
        };
        return f.structs().isEmpty() ? r : withMembersSpelled(r, f);
    }

    /**
     * {@code r}'s diagnostics naming struct members as the user writes them ({@code gb->u}, not the
     * flattened {@code g_ub} that the transformations see).
     */
    private static DiffResult withMembersSpelled(DiffResult r, Function primal) {
        if (r.signature() == null || r.function() == null) {
            return r;
        }
        List<Diagnostic> spelled = new ArrayList<>();
        for (Diagnostic d : r.diagnostics()) {
            Map<String, String> args = new LinkedHashMap<>();
            d.arguments().forEach((k, v) -> args.put(k, CStructWrappers.spell(v, r.function(), r.signature(),
                    primal.structs())));
            spelled.add(new Diagnostic(d.problem(), d.range(), args));
        }
        return new DiffResult(r.function(), r.signature(), spelled);
    }

    /** The user's extents, completed by {@code lengths} for the one-dimensional array parameters they leave out. */
    private static Map<String, String> extents(TranslationUnit unit, Function f, GenerationSettings settings,
            ReductionLengths lengths) {
        Map<String, String> out = new LinkedHashMap<>();
        // an array a helper indexes is sized by the helper's indices too
        Function seen = CallInliner.forAnalysis(unit, f);
        for (Variable p : seen.params()) {
            if (p.rank() == 1 && !settings.extents().containsKey(p.name())) {
                lengths.of(seen, p).ifPresent(len -> out.put(p.name(), len));
            }
        }
        // a struct's members may be given as the code names them: --extent g->u=g->n
        settings.extents().forEach((name, extent) -> out.put(StructParameter.unspell(name, f.structs()),
                StructParameter.unspell(extent, f.structs())));
        return out;
    }
}
