package org.paradjoint.stencil.internal;

import java.util.Arrays;

/**
 * The offset of an active read in the counter space of the nest: iteration {@code c} reads the
 * element the gather visits at {@code x = c + shift}, so the gather at {@code x} collects the
 * contribution of iteration {@code x - shift}. Ordered lexicographically.
 */
public record Shift(int[] offsets) implements Comparable<Shift> {

    public Shift {
        offsets = offsets.clone();
    }

    public int at(int level) {
        return offsets[level];
    }

    public int depth() {
        return offsets.length;
    }

    @Override
    public int compareTo(Shift o) {
        return Arrays.compare(offsets, o.offsets);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shift s && Arrays.equals(offsets, s.offsets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(offsets);
    }

    @Override
    public String toString() {
        return Arrays.toString(offsets);
    }
}
