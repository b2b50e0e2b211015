package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.Annotations;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.pipeline.Routes;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.race.Prover;
import org.paradjoint.race.RaceReport;
import org.paradjoint.z3.Z3Prover;

/**
 * What the workbench shows for an annotated C or Fortran file: the front-end's diagnostics and
 * those of the transformation the route table gives each annotated function, exactly as
 * generation reports them (the command line prints the same lines; for a function with only
 * {@code partially_separable}, those of the partially separable gradient). For race-aware
 * adjoints these include a warning per unproven increment, on the primal reference, with the
 * adjoint reference, the reason and the counterexample as arguments; adjoint stencils have none,
 * being made of race-free gathers.
 * <p>
 * The user's decisions about unsafe increments ({@code function:adjoint} keys kept atomic, or
 * a file-wide reduction) turn those warnings into information.
 */
public final class FileValidation {

    /** Decisions recorded by quick-fixes. */
    public record Decisions(Set<String> keptAtomic, boolean reduction) {

        public static final Decisions NONE = new Decisions(Set.of(), false);

        public Decisions {
            keptAtomic = Set.copyOf(keptAtomic);
        }

        /** The key of an increment: {@code function:adjoint reference}. */
        public static String key(String function, String adjoint) {
            return function + ":" + adjoint;
        }
    }

    private final String fileName;
    private final String text;
    private final List<Problem> out = new ArrayList<>();

    private FileValidation(String fileName, String text) {
        this.fileName = fileName;
        this.text = text;
    }

    public static List<Problem> validate(String fileName, String text, GenerationSettings settings,
            Decisions decisions) {
        FileValidation v = new FileValidation(fileName, text);
        // markers for what generation would say: functions no annotation reaches are not checked
        ParsedSource src = ParsedSource.parseForDifferentiation(fileName, text, settings.preprocessor());
        src.result().diagnostics().forEach(d -> v.add(d, Map.of()));
        if (src.result().hasErrors()) {
            return v.out;
        }
        v.transforms(src.result().unit(), settings, decisions);
        return v.out;
    }

    private void transforms(TranslationUnit unit, GenerationSettings settings, Decisions decisions) {
        // markers say what the race analysis proves, whatever strategy then guards the rest
        GenerationSettings shown = settings.raceStrategy() == RaceStrategy.ALL_ATOMIC
                ? settings.withRaceStrategy(RaceStrategy.ATOMIC) : settings;
        Prover[] prover = new Prover[1];
        Optional<DerivativeGenerator> separable = Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT);
        for (Function f : unit.functions()) {
            if (!Routes.isAnnotated(f)) {
                // partial separability alone: that transformation's diagnostics
                separable.filter(g -> g.appliesTo(f)).ifPresent(g -> g.generate(unit, unit.file(), f.name(), settings)
                        .diagnostics().forEach(d -> add(d, Map.of())));
                continue;
            }
            Mode mode = Annotations.hasGradient(f) || Annotations.hasStencil(f) ? Mode.REVERSE : Mode.TANGENT;
            DiffResult r;
            try {
                // exactly what generation reports for this function, race warnings included
                r = DerivativeFiles.differentiate(unit, f, mode, shown, ReductionLengths.symbolic(), () -> {
                    if (prover[0] == null) {
                        prover[0] = new Z3Prover();
                    }
                    return prover[0];
                });
            } catch (RuntimeException | LinkageError e) {
                add(Diagnostic.warning("race-analysis-unavailable", f.range(), "function", f.name(), "exception", e),
                        Map.of());
                continue;
            }
            for (Diagnostic d : r.diagnostics()) {
                if (d.code().equals(RaceReport.UNSAFE_INCREMENT)) {
                    unsafe(f, d, decisions);
                } else {
                    add(d, Map.of());
                }
            }
        }
    }

    private void unsafe(Function f, Diagnostic d, Decisions decisions) {
        Map<String, String> attrs = new LinkedHashMap<>();
        String adjoint = d.argument("adjoint");
        attrs.put(Problem.FUNCTION, f.name());
        Diagnostic shown = d;
        // the same arguments, worded as the decision (catalogue variants kept-atomic and reduction)
        String variant = d.problem().id().endsWith(".counterexample") ? "-counterexample" : "";
        if (d.problem().id().startsWith(RaceReport.UNSAFE_INCREMENT + ".gathered")) {
            // the generator wrote it as a gather: nothing to decide, so no quick-fix either
            attrs.put(Problem.DECISION, "gather");
        } else if (decisions.keptAtomic().contains(Decisions.key(f.name(), adjoint))) {
            attrs.put(Problem.DECISION, "atomic");
            shown = d.as(RaceReport.UNSAFE_INCREMENT + ".kept-atomic" + variant);
        } else if (decisions.reduction()) {
            attrs.put(Problem.DECISION, "reduction");
            shown = d.as(RaceReport.UNSAFE_INCREMENT + ".reduction" + variant);
        }
        add(shown, attrs);
    }

    /**
     * A problem of this file at its range; one located in a header the file includes (a helper it
     * calls) at the top of the file, its message saying where it is.
     */
    private void add(Diagnostic d, Map<String, String> attrs) {
        SourceRange r = d.range();
        boolean elsewhere = r.isKnown() && !r.file().equals(fileName);
        boolean known = !elsewhere && r.isKnown() && r.offset() >= 0 && r.offset() <= text.length();
        int offset = known ? r.offset() : 0;
        int length = known ? Math.min(r.length(), text.length() - offset) : 0;
        Map<String, String> all = new LinkedHashMap<>(attrs);
        all.put(Problem.PROBLEM, d.problem().id());
        all.put(Problem.CODE, d.code());
        d.arguments().forEach((name, value) -> all.put(Problem.argument(name), value));
        out.add(new Problem(d.severity(), d.code(), elsewhere ? d.format() : d.message(), offset, length,
                known ? r.line() : 1, all));
    }
}
