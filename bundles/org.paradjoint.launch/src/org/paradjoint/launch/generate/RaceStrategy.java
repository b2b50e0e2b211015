package org.paradjoint.launch.generate;

/** How an adjoint guards the increments of shared adjoints in parallel loops. */
public enum RaceStrategy {
    /** Proven increments are plain {@code +=}; the others get {@code omp atomic} (the default). */
    ATOMIC("atomic"),
    /** Proven increments are plain; an array with unproven increments goes into a {@code reduction(+: ...)} clause. */
    REDUCTION("reduction"),
    /** No race analysis: every increment of a shared adjoint is atomic (the baseline to compare against). */
    ALL_ATOMIC("all-atomic");

    private final String spelling;

    RaceStrategy(String spelling) {
        this.spelling = spelling;
    }

    /** The name in preferences and on the command line. */
    public String spelling() {
        return spelling;
    }

    public static RaceStrategy parse(String s) {
        for (RaceStrategy r : values()) {
            if (r.spelling.equals(s) || r.name().equalsIgnoreCase(s)) {
                return r;
            }
        }
        throw new IllegalArgumentException("race strategy must be atomic, reduction or all-atomic, not '" + s + "'");
    }
}
