package org.paradjoint.race;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;

/**
 * The analysis of one OpenMP parallel loop.
 *
 * @param loop        the loop (its node in the analysed IR)
 * @param range       where it is written
 * @param counter     its counter, e.g. {@code i}
 * @param arrays      one report per shared active array with adjoint references
 * @param primalRace  non-null when the loop's own knowledge is contradictory: the primal
 *                    probably races (then nothing is proven from it); says which references
 * @param conflicts   pairs of references whose race-freedom the analysis had to prove and could
 *                    not (see {@link PrimalConflict}); their arrays' increments are all UNSAFE
 * @param unsupported non-null when a construct prevents the analysis (every increment UNSAFE)
 * @param knowledge   the facts taken from the primal, as text (for reports and debugging)
 * @param questions   number of prover questions asked
 * @param proofTime   time spent in the prover for this loop
 * @param summedScalars the adjoints of the shared active scalars the loop reads ({@code alphab}):
 *                    every iteration increments them, so the generator sums them per thread
 *                    (a {@code reduction(+: ...)} clause) and adds them once after the loop
 * @param perThread   the adjoint arrays with UNSAFE increments that the default race strategy
 *                    ({@code private}) accumulates per thread instead of with {@code omp atomic}
 * @param keptAtomic  the other adjoint arrays with UNSAFE increments, each with the reason why
 *                    they keep {@code omp atomic} ({@code "pathb: the loop also writes path ..."})
 */
public record LoopReport(For loop, SourceRange range, String counter, List<ArrayReport> arrays, String primalRace,
        List<PrimalConflict> conflicts, String unsupported, List<String> knowledge, int questions, Duration proofTime,
        List<String> summedScalars, List<String> perThread, List<String> keptAtomic) {

    public LoopReport {
        arrays = List.copyOf(arrays);
        knowledge = List.copyOf(knowledge);
        conflicts = List.copyOf(conflicts);
        summedScalars = List.copyOf(summedScalars);
        perThread = List.copyOf(perThread);
        keptAtomic = List.copyOf(keptAtomic);
    }

    public LoopReport(For loop, SourceRange range, String counter, List<ArrayReport> arrays, String primalRace,
            List<PrimalConflict> conflicts, String unsupported, List<String> knowledge, int questions,
            Duration proofTime) {
        this(loop, range, counter, arrays, primalRace, conflicts, unsupported, knowledge, questions, proofTime,
                List.of(), List.of(), List.of());
    }

    /** This report with {@code scalars} as its summed scalar adjoints. */
    public LoopReport withSummedScalars(List<String> scalars) {
        return new LoopReport(loop, range, counter, arrays, primalRace, conflicts, unsupported, knowledge, questions,
                proofTime, scalars, perThread, keptAtomic);
    }

    /** This report with the adjoints accumulated per thread and those that keep their atomics (with why). */
    public LoopReport withPerThread(List<String> accumulated, List<String> atomic) {
        return new LoopReport(loop, range, counter, arrays, primalRace, conflicts, unsupported, knowledge, questions,
                proofTime, summedScalars, accumulated, atomic);
    }

    /**
     * True when the generator may read and reset the adjoint of a write to {@code array} without
     * protection: the primal loop is not suspected of racing on it.
     */
    public boolean primalRaceFree(String array) {
        return primalRace == null && conflicts.stream().noneMatch(c -> c.array().equals(array));
    }

    public List<Increment> increments() {
        List<Increment> out = new ArrayList<>();
        arrays.forEach(a -> out.addAll(a.increments()));
        return out;
    }

    public Optional<ArrayReport> array(String primalName) {
        return arrays.stream().filter(a -> a.array().equals(primalName)).findFirst();
    }

    /** The increment that comes from {@code primal}, a node of the analysed function. */
    public Optional<Increment> increment(ArrayRef primal) {
        return increments().stream().filter(i -> i.primal() == primal).findFirst();
    }

    /** The increment whose primal reference is written exactly at {@code range}. */
    public Optional<Increment> increment(SourceRange range) {
        return increments().stream().filter(i -> range.isKnown() && range.equals(i.range())).findFirst();
    }

    /** SAFE only for a known increment proven race-free; anything unknown is UNSAFE. */
    public Verdict verdict(ArrayRef primal) {
        return increment(primal).map(Increment::verdict).orElse(Verdict.UNSAFE);
    }

    /** As {@link #verdict(ArrayRef)}, for the primal reference written at {@code range}. */
    public Verdict verdict(SourceRange range) {
        return increment(range).map(Increment::verdict).orElse(Verdict.UNSAFE);
    }
}
