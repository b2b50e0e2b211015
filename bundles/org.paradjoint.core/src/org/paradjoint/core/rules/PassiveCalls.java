package org.paradjoint.core.rules;

import java.util.Map;
import java.util.Set;

/**
 * The library functions an annotated function may call that have no effect on its derivatives:
 * output ({@code printf}, {@code fprintf}, {@code puts} ...), timers ({@code omp_get_wtime},
 * {@code clock}) and the end of a run on bad input ({@code exit}, {@code abort}: where the primal
 * stops there is no derivative, elsewhere the call changes nothing). Their calls are {@code CalleeKind.PASSIVE}: tangent mode keeps them with the
 * primal statements (the derivative run prints what the primal prints), reverse mode drops them
 * from both sweeps (the adjoint's forward sweep is the primal pruned to what the reverse sweep
 * needs, so the values it would print may not be computed at all). A timer's value is a constant
 * to differentiation. Each name comes with the header that declares it, which a generated file
 * that keeps the call includes.
 */
public final class PassiveCalls {

    private static final Map<String, String> HEADERS = Map.ofEntries(
            Map.entry("printf", "stdio.h"), Map.entry("fprintf", "stdio.h"), Map.entry("puts", "stdio.h"),
            Map.entry("fputs", "stdio.h"), Map.entry("putchar", "stdio.h"), Map.entry("fflush", "stdio.h"),
            Map.entry("clock", "time.h"), Map.entry("omp_get_wtime", "omp.h"),
            Map.entry("MPI_Wtime", "mpi.h"), Map.entry("exit", "stdlib.h"), Map.entry("abort", "stdlib.h"));

    /** The standard streams, the only variables of the library a passive call may name. */
    private static final Set<String> STREAMS = Set.of("stdout", "stderr");

    private PassiveCalls() {
    }

    public static boolean isPassive(String name) {
        return HEADERS.containsKey(name);
    }

    public static boolean isStream(String name) {
        return STREAMS.contains(name);
    }

    /** The header that declares passive function {@code name}. */
    public static String header(String name) {
        return HEADERS.get(name);
    }
}
