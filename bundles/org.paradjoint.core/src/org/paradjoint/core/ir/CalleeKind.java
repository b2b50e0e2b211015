package org.paradjoint.core.ir;

import org.paradjoint.core.rules.DerivativeRules;

/**
 * What a {@link Call} calls, decided when the call is made: front-ends know the intrinsics and
 * the functions of the unit, transformations that emit calls of the tape runtime or of a support
 * library say so. Every decision that depends on the callee (liveness, dead-derivative
 * elimination, inlining, includes, prototypes) asks the kind, never the spelling of the name.
 */
public enum CalleeKind {
    /** A math intrinsic with a derivative rule or an integer intrinsic ({@code sin}, {@code abs} ...). */
    INTRINSIC,
    /** A function of the tape runtime that generated adjoint code calls ({@code pa_push_d} ...). */
    RUNTIME,
    /** Any other function: defined in the unit, or supplied by the user (uninterpreted, partials). */
    USER,
    /**
     * A function of a support library that the generated file includes (the partially separable
     * gradient's {@code paradjoint_ps.h}): declared there, never inlined, no prototype of ours.
     */
    EXTERNAL,
    /**
     * A query of an array's shape, {@code extent(a, d)}: the number of elements of dimension
     * {@code d} (from 0) of the whole array {@code a} (Kokkos {@code a.extent(d)}). Integer valued,
     * never differentiated, printed by each language's printer in its own spelling.
     */
    SHAPE,
    /**
     * A library function with no effect on derivatives, output or a timer ({@code printf},
     * {@code omp_get_wtime}, see {@link org.paradjoint.core.rules.PassiveCalls}): kept by tangent
     * mode, dropped by reverse mode, never inlined or differentiated; its value is a constant.
     */
    PASSIVE,
    /**
     * An MPI routine ({@link org.paradjoint.core.mpi.MpiRoutine}, {@code MPI_Send} ...) or a function
     * of the MPI runtime that generated code defines ({@link org.paradjoint.core.mpi.MpiRuntime},
     * {@code pa_mpi_rank}): never inlined; a communication's buffers are read and written by the
     * call ({@link org.paradjoint.core.mpi.Communication}), a rank query's value is an integer no
     * derivative depends on.
     */
    MPI;

    /**
     * The kind of a call that names only its callee: an intrinsic when the derivative rules know
     * the name, a passive library function, otherwise a user function. Runtime and external calls
     * are never guessed from their name.
     */
    public static CalleeKind of(String name) {
        return DerivativeRules.isIntrinsic(name) ? INTRINSIC
                : org.paradjoint.core.rules.PassiveCalls.isPassive(name) ? PASSIVE : USER;
    }
}
