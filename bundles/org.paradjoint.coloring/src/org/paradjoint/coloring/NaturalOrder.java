package org.paradjoint.coloring;

/** Vertices in index order 0, 1, ..., n-1. Free, and good on banded matrices. */
public record NaturalOrder() implements Ordering {
    @Override
    public String label() {
        return "natural";
    }
}
