package org.paradjoint.coloring;

/** A uniformly random permutation, reproducible from {@code seed}. Mostly a baseline for comparisons. */
public record RandomOrder(long seed) implements Ordering {
    @Override
    public String label() {
        return "random";
    }
}
