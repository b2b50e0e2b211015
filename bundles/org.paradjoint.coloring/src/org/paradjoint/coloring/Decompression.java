package org.paradjoint.coloring;

/**
 * How the nonzeros are read back from the compressed matrix.
 *
 * <p>{@link #DIRECT}: every nonzero is one entry of the compressed matrix (column/row partitions, star
 * colourings). {@link #SUBSTITUTION}: some nonzeros are obtained by subtracting already recovered ones
 * (acyclic colourings, whose two-coloured trees are peeled leaf by leaf). Substitution needs fewer colours
 * but propagates rounding error along the trees.
 */
public enum Decompression {
    DIRECT,
    SUBSTITUTION
}
