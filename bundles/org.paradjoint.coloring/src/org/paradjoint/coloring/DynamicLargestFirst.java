package org.paradjoint.coloring;

/** Repeatedly picks the vertex with the largest degree among the not yet ordered vertices. */
public record DynamicLargestFirst() implements Ordering {
    @Override
    public String label() {
        return "dynamic-largest-first";
    }
}
