package org.paradjoint.stencil.internal;

import java.util.List;

import org.paradjoint.core.ir.Variable;

/**
 * An active input array: every differentiable read of it indexes dimension {@code m} with the
 * counter of loop {@code levels[m]} plus a constant, so its adjoint can be gathered by a nest
 * that writes {@code adjoint[counter(levels[0])]...}. {@code levels} is empty when the array is
 * read only where it has no derivative (in a condition or an index).
 */
public record Input(Variable array, Variable adjoint, List<Integer> levels) {

    public Input {
        levels = List.copyOf(levels);
    }

    public boolean isGathered() {
        return !levels.isEmpty();
    }
}
