package org.paradjoint.core.ir;

/**
 * What a generated loop tells the compiler, on the line before its header: {@link #SIMD} (the
 * generator knows the iterations to be independent: {@code omp simd}), or a {@link Macro} of a
 * support header (an unroll pragma whose spelling depends on the compiler). Front-ends never set
 * one. A loop's hint is part of the IR, not found again in printed text, so a transformation can
 * keep it, drop it or ask for it like any other component.
 */
public sealed interface LoopHint permits LoopHint.Simd, Macro {

    LoopHint SIMD = new Simd();

    /** Independent iterations: {@code #pragma omp simd} in C, {@code !$omp simd} in Fortran. */
    record Simd() implements LoopHint {
    }
}
