package org.paradjoint.core.ir;

import java.util.List;

/**
 * What a generated loop tells the compiler, on the line before its header: {@link #SIMD} (the
 * generator knows the iterations to be independent: {@code omp simd}), or a {@link Macro} of a
 * support header (an unroll pragma whose spelling depends on the compiler). Front-ends never set
 * one. A loop's hint is part of the IR, not found again in printed text, so a transformation can
 * keep it, drop it or ask for it like any other component.
 */
public sealed interface LoopHint permits LoopHint.Simd, Macro {

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
}
