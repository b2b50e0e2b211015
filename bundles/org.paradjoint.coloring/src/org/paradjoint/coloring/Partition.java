package org.paradjoint.coloring;

/** Which side of the matrix is grouped: columns (A S, forward mode) or rows (S A, reverse mode). */
public enum Partition {
    COLUMN,
    ROW
}
