package org.paradjoint.fortran.internal;

/** What the front-end needs to know of a Fortran expression's type to pick the IR mapping. */
public enum TypeClass {
    INT, REAL, LOGICAL
}
