package org.paradjoint.core.transform;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the adjoint of a parallel loop protects the increments of shared adjoints. The one enum of
 * the project: preferences, the command line and timing variants spell it the same way.
 */
public enum RaceStrategy {
    /** Proven increments are plain {@code +=}; each UNSAFE one is guarded by {@code #pragma omp atomic}. */
    ATOMIC("atomic"),
    /**
     * Proven increments are plain; every adjoint with an UNSAFE increment goes into a
     * {@code reduction(+: ...)} clause of the adjoint loop ({@code xb[0:n]} for an array, sized by
     * its declared extents), and its increments become plain. An adjoint the loop also reads or
     * overwrites cannot be a reduction variable: its UNSAFE increments stay atomic, with a warning.
     */
    REDUCTION("reduction"),
    /**
     * Proven increments are plain; UNSAFE increments that can be written as a gather are
     * ({@link GatherIncrements}: a loop of their own, each iteration writing its own element);
     * every other adjoint array with an UNSAFE increment that the adjoint
     * loop only increments, whose extents are known and that is an array argument of the
     * function is accumulated per thread (thread 0 into the adjoint itself, the others into
     * zeroed copies that are added to it after the loop), its increments plain. Other UNSAFE
     * increments stay atomic, with a warning that says why. The command line's default.
     */
    PRIVATE("private"),
    /** No race analysis: every increment of a shared adjoint is atomic (the baseline to compare against). */
    ALL_ATOMIC("all-atomic");

    private final String spelling;

    RaceStrategy(String spelling) {
        this.spelling = spelling;
    }

    /** The name in preferences, on the command line and in timing variants. */
    public String spelling() {
        return spelling;
    }

    /** The strategy spelled {@code s} (or its enum name); an exception naming the allowed spellings otherwise. */
    public static RaceStrategy parse(String s) {
        for (RaceStrategy r : values()) {
            if (r.spelling.equals(s) || r.name().equalsIgnoreCase(s)) {
                return r;
            }
        }
        throw new IllegalArgumentException("race strategy must be one of " + allowed() + ", not '" + s + "'");
    }

    /** {@code atomic, reduction, private, all-atomic}. */
    public static String allowed() {
        return Arrays.stream(values()).map(RaceStrategy::spelling).collect(Collectors.joining(", "));
    }
}
