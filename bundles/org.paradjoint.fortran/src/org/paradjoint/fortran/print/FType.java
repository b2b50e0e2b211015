package org.paradjoint.fortran.print;

import org.paradjoint.core.ir.BaseType;

/** The Fortran type of an IR expression as printed: the numeric kinds and logical. */
enum FType {
    INT, LONG, FLOAT, DOUBLE, LOGICAL;

    static FType of(BaseType t) {
        return switch (t) {
            case INT -> INT;
            case LONG -> LONG;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> throw new IllegalArgumentException(t.cName() + " has no numeric type");
        };
    }

    boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    boolean isInteger() {
        return this == INT || this == LONG;
    }

    /** C's usual arithmetic conversions (logical counts as int). */
    static FType join(FType a, FType b) {
        FType x = a == LOGICAL ? INT : a;
        FType y = b == LOGICAL ? INT : b;
        return x.ordinal() >= y.ordinal() ? x : y;
    }
}
