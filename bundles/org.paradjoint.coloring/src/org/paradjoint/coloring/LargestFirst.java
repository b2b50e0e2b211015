package org.paradjoint.coloring;

/** Vertices by non-increasing (static) degree; ties in index order (Welsh and Powell). */
public record LargestFirst() implements Ordering {
    @Override
    public String label() {
        return "largest-first";
    }
}
