package org.paradjoint.race;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.core.transform.IncrementPolicy;
import org.paradjoint.core.transform.PinnedIteration;

/**
 * The race analysis as the reverse-mode generator's {@link IncrementPolicy}: an increment is
 * SAFE exactly when a {@link RaceReport} proves it; a loop or an increment no report knows
 * (inlined code, say) is UNSAFE. It remembers what the generator asked, so that the warnings it
 * gives are those of the increments the generated code actually protects.
 */
public final class RacePolicy implements IncrementPolicy {

    /**
     * One question of the generator and its answer; {@code report} is the analysis of the loop and
     * {@code increment} its record of the increment, each null when the analysis has none.
     */
    public record Decision(For loop, ArrayRef primal, LoopReport report, Increment increment, Safety safety) {
    }

    private final List<RaceReport> reports;
    private final List<Decision> decisions = Collections.synchronizedList(new ArrayList<>());
    /** The loops whose conflicts all come from one iteration (by identity). */
    private final Map<For, PinnedIteration> pinned = new IdentityHashMap<>();

    private RacePolicy(List<RaceReport> reports) {
        this.reports = List.copyOf(reports);
    }

    /**
     * The policy of {@code report} (the analysis of {@code analysed}) that also gives, for each of
     * its loops whose primal conflicts all come from one iteration, the verdicts without that
     * iteration ({@link PinnedIterations}: each such loop is analysed once more).
     */
    public static RacePolicy withPinnedIterations(Function analysed, RaceReport report, Prover prover,
            RaceOptions options) {
        RacePolicy p = new RacePolicy(List.of(report));
        p.pinned.putAll(PinnedIterations.of(analysed, report, prover, options));
        return p;
    }

    @Override
    public PinnedIteration pinned(For loop) {
        return pinned.get(loop);
    }

    public static RacePolicy of(RaceReport... reports) {
        return new RacePolicy(List.of(reports));
    }

    public static RacePolicy of(List<RaceReport> reports) {
        return new RacePolicy(reports);
    }

    @Override
    public Safety classify(For loop, ArrayRef primal) {
        LoopReport report = loopReport(loop).orElse(null);
        Increment found = report == null ? null : report.increment(primal).orElse(null);
        Safety s = found != null && found.isSafe() ? Safety.SAFE : Safety.UNSAFE;
        decisions.add(new Decision(loop, primal, report, found, s));
        return s;
    }

    /**
     * False when the analysis of {@code loop} did not establish that the primal does not race on
     * the written array (a {@link PrimalConflict} or a probable primal race); a loop no report
     * knows keeps the method's premise, as without analysis.
     */
    @Override
    public boolean plainOverwrite(For loop, ArrayRef write) {
        return loopReport(loop).map(l -> l.primalRaceFree(write.var().name())).orElse(true);
    }

    private Optional<LoopReport> loopReport(For loop) {
        for (RaceReport r : reports) {
            Optional<LoopReport> l = r.loop(loop);
            if (l.isPresent()) {
                return l;
            }
        }
        return Optional.empty();
    }

    public List<RaceReport> reports() {
        return reports;
    }

    /** The questions asked so far, in order. */
    public List<Decision> decisions() {
        synchronized (decisions) {
            return List.copyOf(decisions);
        }
    }

    /**
     * A {@code race-unsafe-increment} warning for every UNSAFE increment the generator asked
     * about (one per primal reference), and the reports' loop-level warnings (probable primal
     * race, loop not analysed). {@code adjointSuffix} spells adjoints the analysis did not see.
     */
    public List<Diagnostic> diagnostics(String adjointSuffix) {
        List<Diagnostic> out = new ArrayList<>();
        for (RaceReport r : reports) {
            r.diagnostics().stream().filter(d -> !d.code().equals(RaceReport.UNSAFE_INCREMENT)).forEach(out::add);
        }
        Map<Object, Diagnostic> unsafe = new LinkedHashMap<>();
        for (Decision d : decisions()) {
            if (d.safety() == Safety.SAFE) {
                continue;
            }
            Increment i = d.increment();
            if (i != null) {
                unsafe.putIfAbsent(place(i.range()),
                        RaceReport.unsafeIncrement(i.range(), i.adjoint(), i.reason(), i.counterexample()));
            } else {
                String adjoint = ExprText.renamed(d.primal(), d.primal().var().name() + adjointSuffix);
                String why = d.report() != null && d.report().unsupported() != null
                        ? "its loop was not analysed: " + d.report().unsupported()
                        : "it comes from code the analysis did not see, e.g. an inlined function";
                String reason = "adjoint increment " + adjoint + " was not classified by the race analysis (" + why
                        + "): it is treated as unsafe";
                unsafe.putIfAbsent(place(d.primal().range()),
                        RaceReport.unsafeIncrement(d.primal().range(), adjoint, reason, null));
            }
        }
        out.addAll(unsafe.values());
        return out;
    }

    /** One warning per place in the source (ranges compare equal as records, so use their fields). */
    private static Object place(SourceRange r) {
        return r.isKnown() ? r.file() + ":" + r.offset() + ":" + r.length() + ":" + r.line() + ":" + r.column()
                : new Object();
    }
}
