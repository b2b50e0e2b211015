package org.paradjoint.core.ir;

/**
 * One array dimension: the lowest valid index and the number of elements. C arrays have
 * {@code lower == 0}; Fortran arrays may declare any lower bound. {@code extent} is null when
 * unknown (the leading dimension of a C pointer parameter, a Fortran assumed-size array).
 */
public record Dim(Expr lower, Expr extent) {

    public static Dim c(Expr extent) {
        return new Dim(new IntLit(0), extent);
    }

    public boolean extentKnown() {
        return extent != null;
    }
}
