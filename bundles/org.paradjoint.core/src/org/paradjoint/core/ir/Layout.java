package org.paradjoint.core.ir;

/** Memory order of multi-dimensional arrays: C is row-major, Fortran column-major. */
public enum Layout {
    ROW_MAJOR, COLUMN_MAJOR
}
