package org.paradjoint.race;

import java.time.Duration;
import java.util.List;

/**
 * The adjoint of one shared active array in one parallel loop.
 *
 * @param array      the primal array, e.g. {@code x}
 * @param adjoint    its adjoint, e.g. {@code xb}
 * @param increments every adjoint increment, in source order
 * @param references number of adjoint references of any kind (increments, reads, zeroing writes)
 * @param proofTime  time of the prover questions about this array (counterexamples included)
 */
public record ArrayReport(String array, String adjoint, List<Increment> increments, int references,
        Duration proofTime) {

    public ArrayReport {
        increments = List.copyOf(increments);
    }

    /** SAFE when every increment is (vacuously so when there is none). */
    public Verdict verdict() {
        return increments.stream().allMatch(Increment::isSafe) ? Verdict.SAFE : Verdict.UNSAFE;
    }

    public long unsafeCount() {
        return increments.stream().filter(i -> !i.isSafe()).count();
    }
}
