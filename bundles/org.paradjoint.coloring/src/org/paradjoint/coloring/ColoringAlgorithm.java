package org.paradjoint.coloring;

import java.util.Objects;

/**
 * How to colour: the vertex ordering for the greedy pass, the decompression the colouring must allow, and
 * how many rounds of iterated-greedy recolouring to spend afterwards.
 *
 * <p>Immutable; the {@code with...}/{@link #improve(int)} methods return modified copies, so one algorithm
 * value can be shared between problems and threads.
 *
 * @param ordering       vertex order of the first greedy pass
 * @param decompression  required decompression, or {@code null} for the problem's default
 * @param improveRounds  recolouring rounds after the first pass (0 = none); each is one iterated-greedy
 *                       pass (plus, for column/row/distance-1 problems, a class-elimination attempt when the
 *                       pass merged nothing, while a move budget of about one per vertex lasts). The colour
 *                       count never increases; the rounds stop early at a proven lower bound, and for those
 *                       problems also at the first round that merges nothing once the budget is spent. See
 *                       {@code IteratedGreedy}.
 * @param seed           seed for the random choices of the recolouring rounds (reproducible results)
 */
public record ColoringAlgorithm(Ordering ordering, Decompression decompression, int improveRounds, long seed) {

    public ColoringAlgorithm {
        Objects.requireNonNull(ordering, "ordering");
        if (improveRounds < 0) {
            throw new IllegalArgumentException("improve rounds must be >= 0, got " + improveRounds);
        }
    }

    /** Greedy colouring in the given order, problem-default decompression, no recolouring. */
    public static ColoringAlgorithm greedy(Ordering ordering) {
        return new ColoringAlgorithm(ordering, null, 0, 0L);
    }

    /** Greedy colouring in natural order. */
    public static ColoringAlgorithm greedy() {
        return greedy(new NaturalOrder());
    }

    /** Same algorithm followed by {@code rounds} iterated-greedy recolouring rounds. */
    public ColoringAlgorithm improve(int rounds) {
        return new ColoringAlgorithm(ordering, decompression, rounds, seed);
    }

    public ColoringAlgorithm withDecompression(Decompression d) {
        return new ColoringAlgorithm(ordering, d, improveRounds, seed);
    }

    public ColoringAlgorithm withSeed(long s) {
        return new ColoringAlgorithm(ordering, decompression, improveRounds, s);
    }

    /**
     * The decompression that will be used for {@code problem}.
     *
     * @throws IllegalArgumentException if the problem cannot be decompressed that way
     */
    public Decompression decompressionFor(ColoringProblem problem) {
        Decompression d = decompression != null ? decompression : problem.defaultDecompression();
        boolean ok = switch (problem) {
            case COLUMN, ROW -> d == Decompression.DIRECT;
            case STAR -> true; // a star colouring is also acyclic, so substitution works too
            case ACYCLIC -> d == Decompression.SUBSTITUTION;
            case DISTANCE_1 -> d == null;
        };
        if (!ok) {
            throw new IllegalArgumentException("problem " + problem + " cannot be decompressed by " + d);
        }
        return d;
    }
}
