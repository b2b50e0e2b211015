package org.paradjoint.race;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;

/**
 * Reverse mode with the race analysis: analyses the parallel loops of the annotated functions,
 * differentiates with the verdicts as {@link RacePolicy} (SAFE increments plain, UNSAFE ones as
 * the options' {@link org.paradjoint.core.transform.RaceStrategy} says), and adds a warning for
 * every UNSAFE increment of the generated code to the result's diagnostics.
 * <pre>
 * RaceAwareDifferentiator.FunctionResult r = RaceAwareDifferentiator.differentiate(unit, "f",
 *         DiffOptions.defaults().withRaceStrategy(RaceStrategy.ATOMIC), new Z3Prover(), RaceOptions.defaults());
 * r.result().function(); r.result().diagnostics(); r.report();
 * </pre>
 */
public final class RaceAwareDifferentiator {

    /** One generated function (diagnostics include the race warnings) and its analysis. */
    public record FunctionResult(DiffResult result, RaceReport report) {
    }

    private RaceAwareDifferentiator() {
    }

    /**
     * As {@link Differentiator#differentiate} in reverse mode, with the race analysis of the
     * function the reverse mode differentiates ({@link Differentiator#prepare}: after inlining and
     * normalisation), so that every verdict is about the very loop the generator asks for. The
     * report is null when the differentiation stopped before its loops were looked at.
     */
    public static FunctionResult differentiate(TranslationUnit unit, String function, DiffOptions options,
            Prover prover, RaceOptions raceOptions) {
        DiffOptions opts = options == null ? DiffOptions.defaults() : options;
        // the policy the generator asked (its decisions make the warnings); none when it stopped earlier
        RacePolicy[] policy = {RacePolicy.of()};
        DiffResult r = Differentiator.differentiate(unit, function, Mode.REVERSE, opts.withIncrementAnalysis(prepared -> {
            RaceOptions ro = raceOptions(prepared, opts, raceOptions);
            policy[0] = RacePolicy.withPinnedIterations(prepared, RaceAnalysis.analyze(prepared, prover, ro), prover, ro);
            return policy[0];
        }));
        List<Diagnostic> diags = merged(r.diagnostics(), policy[0].diagnostics(opts.adjointSuffix()));
        RaceReport report = policy[0].reports().isEmpty() ? null : policy[0].reports().get(0);
        return new FunctionResult(new DiffResult(r.function(), r.signature(), diags), report);
    }

    /**
     * The race analysis of every annotated function of {@code unit} that has a parallel loop, in
     * source order, with the dependents, independents and adjoint suffix that {@code options}
     * give the generator (what {@code paradjoint analyze} prints). Each function is analysed as
     * reverse mode differentiates it ({@link Differentiator#prepare}); one whose calls cannot be
     * inlined is analysed as written (differentiating it reports the error).
     */
    public static List<RaceReport> analyzeAll(TranslationUnit unit, DiffOptions options, Prover prover,
            RaceOptions raceOptions) {
        DiffOptions opts = options == null ? DiffOptions.defaults() : options;
        List<RaceReport> out = new ArrayList<>();
        for (Function f : unit.functions()) {
            if (Differentiator.isAnnotated(f) && hasParallelLoop(f)) {
                Function prepared = preparedOrAsWritten(unit, f);
                out.add(RaceAnalysis.analyze(prepared, prover, raceOptions(prepared, opts, raceOptions)));
            }
        }
        return out;
    }

    private static Function preparedOrAsWritten(TranslationUnit unit, Function f) {
        try {
            return Differentiator.prepare(unit, f);
        } catch (UnsupportedException e) {
            return f;
        }
    }

    /**
     * The analysis settings that match the generator's: its adjoint names (suffix, or a stencil
     * mapping), and its dependents and independents (given by the options, or by a stencil mapping
     * when there is no gradient pragma).
     */
    static RaceOptions raceOptions(Function f, DiffOptions options, RaceOptions base) {
        RaceOptions r = (base == null ? RaceOptions.defaults() : base).withAdjointSuffix(options.adjointSuffix());
        if (options.overridesVariables()) {
            // the generator then names every adjoint with the suffix, whatever a stencil mapping says
            return r.withGradient(orEmpty(options.dependents()), orEmpty(options.independents()));
        }
        Map<String, String> names = new LinkedHashMap<>();
        List<String> deps = new ArrayList<>();
        List<String> indeps = new ArrayList<>();
        List<String> written = StmtUtil.writes(f.body()).stream().map(Variable::name).toList();
        for (AdPragma p : f.pragmas()) {
            if (p instanceof AdPragma.StencilAdjoint st) {
                for (AdPragma.StencilAdjoint.Mapping m : st.mappings()) {
                    names.put(m.array(), m.adjoint());
                    (written.contains(m.array()) ? deps : indeps).add(m.array());
                }
            }
        }
        if (!names.isEmpty()) {
            r = r.withAdjointNames(names);
        }
        boolean gradient = f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.Gradient);
        if (!gradient && !deps.isEmpty() && !indeps.isEmpty()) {
            return r.withGradient(deps, indeps);
        }
        return r;
    }

    private static List<String> orEmpty(List<String> l) {
        return l == null ? List.of() : l;
    }

    private static boolean hasParallelLoop(Function f) {
        boolean[] found = {false};
        StmtUtil.forEach(f.body(), s -> found[0] |= s instanceof For x && x.isParallel());
        return found[0];
    }

    /**
     * The generator's diagnostics, then the race warnings in source order. An unsafe increment
     * the generator wrote as a gather (a {@code race-gathered} note at its primal reference) needs
     * no decision: its warning becomes the information {@link RaceReport#gathered}, which replaces
     * the note. One in a nest the generator interchanged so that it is owned by its iteration (a
     * {@code race-owned} note) needs none either: the note stays and the warning goes.
     */
    private static List<Diagnostic> merged(List<Diagnostic> generator, List<Diagnostic> race) {
        Map<SourceRange, Diagnostic> gathered = new HashMap<>();
        generator.stream().filter(d -> d.code().equals(RaceReport.GATHERED) && d.range().isKnown())
                .forEach(d -> gathered.put(d.range(), d));
        Set<SourceRange> owned = new HashSet<>();
        generator.stream().filter(d -> d.code().equals(RaceReport.OWNED) && d.range().isKnown())
                .forEach(d -> owned.add(d.range()));
        Set<Diagnostic> subsumed = new HashSet<>();
        List<Diagnostic> sorted = new ArrayList<>();
        for (Diagnostic d : race) {
            boolean unsafe = d.code().equals(RaceReport.UNSAFE_INCREMENT);
            Diagnostic note = unsafe ? gathered.get(d.range()) : null;
            if (unsafe && owned.contains(d.range())) {
                continue;
            }
            if (note != null) {
                subsumed.add(note);
                sorted.add(RaceReport.gathered(d));
            } else {
                sorted.add(d);
            }
        }
        sorted.sort(Comparator.comparing((Diagnostic d) -> d.range().file())
                .thenComparingInt(d -> d.range().isKnown() ? d.range().line() : Integer.MAX_VALUE)
                .thenComparingInt(d -> d.range().isKnown() ? d.range().column() : Integer.MAX_VALUE));
        List<Diagnostic> out = new ArrayList<>(generator);
        out.removeIf(subsumed::contains);
        out.addAll(sorted);
        return out;
    }
}
