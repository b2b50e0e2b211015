package org.paradjoint.coloring;

/** Whether the matrix to compress is a general (Jacobian) or a symmetric (Hessian) matrix. */
public enum Structure {
    NONSYMMETRIC,
    SYMMETRIC
}
