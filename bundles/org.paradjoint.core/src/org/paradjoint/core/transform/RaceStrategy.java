package org.paradjoint.core.transform;

/** How the adjoint of a parallel loop protects the increments its {@link IncrementPolicy} calls UNSAFE. */
public enum RaceStrategy {
    /** Each UNSAFE increment is guarded by {@code #pragma omp atomic}. */
    ATOMIC,
    /**
     * Every adjoint with an UNSAFE increment goes into a {@code reduction(+: ...)} clause of the
     * adjoint loop ({@code xb[0:n]} for an array, sized by its declared extents), and its increments
     * become plain. An adjoint the loop also reads or overwrites cannot be a reduction variable:
     * its UNSAFE increments stay atomic, with a warning.
     */
    REDUCTION
}
