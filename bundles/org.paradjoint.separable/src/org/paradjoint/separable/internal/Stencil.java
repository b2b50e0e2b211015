package org.paradjoint.separable.internal;

import java.util.List;
import java.util.Set;

/**
 * The pattern of the elemental Jacobian as the generator derived it: the entries of the active
 * arrays are points of a lattice (entry {@code e = sum_d p_d * stride_d} with
 * {@code 0 <= p_d < extent_d} for every dimension but the last, as for a row-major grid), and every
 * row of block {@code b} (one slot: one iteration of its loop nest, at lattice position {@code r})
 * holds exactly the columns {@code (a, r + o)} for the offsets {@code (a, o)} of the block, those
 * that exist. Columns interleave the arrays as the plan does: {@code entry * arrays + a}.
 *
 * @param strides   stride of each dimension, innermost first (the first is 1), as polynomials in the
 *                  scalar parameters
 * @param extents   extent of every dimension but the last ({@code strides[d + 1] = strides[d] * extents[d]})
 * @param arrays    the number of active arrays
 * @param blocks    the offsets of each block of rows
 * @param perElemental the offsets each elemental contributes, by elemental name (for the report)
 */
record Stencil(List<Poly> strides, List<Poly> extents, int arrays, List<Set<Offset>> blocks,
        java.util.Map<String, Set<Offset>> perElemental) {

    /** A column relative to the row's lattice position: array number and one offset per dimension. */
    record Offset(int array, List<Integer> delta) {
        Offset {
            delta = List.copyOf(delta);
        }
    }

    Stencil {
        strides = List.copyOf(strides);
        extents = List.copyOf(extents);
        blocks = List.copyOf(blocks);
        perElemental = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(perElemental));
    }

    int dimensions() {
        return strides.size();
    }
}
