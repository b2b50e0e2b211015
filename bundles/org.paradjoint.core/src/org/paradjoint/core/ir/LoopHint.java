package org.paradjoint.core.ir;

import java.util.List;

/**
 * What a generated loop tells the compiler, on the line before its header: {@link #SIMD} (the
 * generator knows the iterations to be independent: {@code omp simd}), or a {@link Macro} of a
 * support header (an unroll pragma whose spelling depends on the compiler); or what it tells the
 * printer about the loop's own form ({@link SetBits}). Front-ends never set one. A loop's hint is
 * part of the IR, not found again in printed text, so a transformation can keep it, drop it or ask
 * for it like any other component; a loop without its hint means the same.
 */
public sealed interface LoopHint permits LoopHint.Simd, LoopHint.SetBits, Macro {

    LoopHint SIMD = new Simd(List.of());

    /**
     * Independent iterations: {@code #pragma omp simd} in C, {@code !$omp simd} in Fortran; but
     * for {@code sums}, private scalars the loop only adds to, which each lane sums on its own
     * ({@code reduction(+: sums)}): the compiler may then vectorise a floating-point sum, which
     * it would otherwise keep in order.
     */
    record Simd(List<Variable> sums) implements LoopHint {
        public Simd {
            sums = List.copyOf(sums);
        }

        /** The clause of the sums with a leading blank, empty when there is none. */
        public String reductionClause() {
            return sums.isEmpty() ? "" : " reduction(+: " + String.join(", ", sums.stream().map(Variable::name)
                    .toList()) + ")";
        }
    }

    /**
     * A loop over the set bits of the local word {@code bits}, from the highest down: its counter
     * starts at {@code bound + pa_highest_bit(bits)} and steps by {@code pa_step_below(bits, counter -
     * bound)} while it is at least {@code bound}. The word is not read after the loop and the
     * counter's last value is not read either, so a printer may clear each bit as it visits it and
     * stop when the word is zero: one count of leading zeros per visit, where the step's masked
     * search from the counter costs a chain of five operations (Floyd-Warshall's reverse sweep at
     * n = 320, 1 thread: about 0.3 ms of 15). Set by the branch records' reverse walk only.
     */
    record SetBits(Variable bits) implements LoopHint {
    }
}
