package org.paradjoint.coloring;

/**
 * Repeatedly removes a vertex of minimum degree in the remaining graph and places it last (Matula and
 * Beck). Greedy colouring in this order uses at most (degeneracy + 1) colours.
 */
public record SmallestLast() implements Ordering {
    @Override
    public String label() {
        return "smallest-last";
    }
}
