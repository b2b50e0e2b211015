package org.paradjoint.coloring;

/** Repeatedly picks the vertex with the most already-ordered neighbours (Coleman and Moré). */
public record IncidenceDegree() implements Ordering {
    @Override
    public String label() {
        return "incidence-degree";
    }
}
