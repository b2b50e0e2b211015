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

    /** Code of an increment that needs an atomic (arguments: adjoint, reason, counterexample). */
    public static final String UNSAFE_INCREMENT = "race-unsafe-increment";

    /**
     * The warning on an increment that needs an atomic: catalogue problem
     * {@code race-unsafe-increment}, or its {@code .counterexample} variant when the prover gave
     * one (then empty otherwise); arguments {@code adjoint}, {@code reason} and
     * {@code counterexample} in either case, for quick-fixes.
     */
    public static Diagnostic unsafeIncrement(SourceRange at, String adjoint, String reason, String counterexample) {
        boolean cex = counterexample != null && !counterexample.isEmpty();
        return Diagnostic.warning(cex ? UNSAFE_INCREMENT + ".counterexample" : UNSAFE_INCREMENT, at,
                "adjoint", adjoint, "reason", reason, "counterexample", cex ? counterexample : "");
    }

    /** Code of the note that an unsafe increment was written as a gather (the generator's). */
    public static final String GATHERED = "race-gathered";

    /**
     * The generator's note at an increment whose adjoint loop it interchanged so that each
     * iteration owns what it increments: the race warning about the primal loop's order no longer
     * describes the generated code, and the note replaces it.
     */
    public static final String OWNED = "race-owned";

    /**
     * The information that replaces the warning {@code unsafe} on an increment the generator
     * wrote as a gather: the same arguments (quick-fixes read them), severity info.
     */
    public static Diagnostic gathered(Diagnostic unsafe) {
        String cex = unsafe.argument("counterexample");
        boolean hasCex = cex != null && !cex.isEmpty();
        return Diagnostic.info(UNSAFE_INCREMENT + (hasCex ? ".gathered-counterexample" : ".gathered"), unsafe.range(),
                "adjoint", unsafe.argument("adjoint"), "reason", unsafe.argument("reason"), "counterexample",
                hasCex ? cex : "");
    }

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
