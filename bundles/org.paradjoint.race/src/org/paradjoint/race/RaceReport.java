package org.paradjoint.race;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;

/**
 * The race analysis of one function: a report per parallel loop, and the diagnostics (a warning
 * per UNSAFE increment on the primal reference that causes it).
 */
public record RaceReport(Function function, String prover, List<LoopReport> loops, List<Diagnostic> diagnostics,
        Duration time) {

    /** Diagnostic code of an increment that needs an atomic (arguments: adjoint, reason, counterexample). */
    public static final String UNSAFE_INCREMENT = "race-unsafe-increment";
    /** Diagnostic code of a loop whose own references contradict each other (arguments: loop counter, detail). */
    public static final String PRIMAL_RACE = "race-probable-primal-race";
    /**
     * Diagnostic code of two references whose race-freedom had to be proven and was not, on the
     * written one (arguments: loop counter, written reference, other reference, message).
     */
    public static final String PRIMAL_UNPROVEN = "race-primal-unproven";
    /** Diagnostic code of a loop the analysis cannot model (arguments: loop counter, reason). */
    public static final String UNSUPPORTED = "race-unsupported";

    public RaceReport {
        loops = List.copyOf(loops);
        diagnostics = List.copyOf(diagnostics);
    }

    /**
     * The report of {@code loop}, a node of the analysed function (the function reverse mode
     * differentiates: {@link RaceAwareDifferentiator#differentiate}); none for any other loop,
     * even one written at the same place.
     */
    public Optional<LoopReport> loop(For loop) {
        return loops.stream().filter(l -> l.loop() == loop).findFirst();
    }

    /**
     * What the reverse-mode generator asks: may the increment that comes from the primal read
     * {@code primal} inside {@code loop} be a plain {@code +=}? UNSAFE for anything unknown.
     */
    public Verdict verdict(For loop, ArrayRef primal) {
        return loop(loop).map(l -> l.verdict(primal)).orElse(Verdict.UNSAFE);
    }

    /** As {@link #verdict(For, ArrayRef)}, for the primal reference written at {@code range}. */
    public Verdict verdict(For loop, SourceRange range) {
        return loop(loop).map(l -> l.verdict(range)).orElse(Verdict.UNSAFE);
    }
}
