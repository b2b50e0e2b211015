package org.paradjoint.core.ir;

/**
 * Element types. Only floating types carry derivatives. The others are opaque types of the
 * libraries generated code includes, known by their C name: {@code TAPE} is the stack of the tape
 * runtime, {@code PS_PLAN} and {@code PS_SET} are the plan and the index sets of the partially
 * separable gradient's support header (a variable of them is a pointer or a one-element array);
 * {@code MPI_COMM} is an MPI communicator handle ({@code MPI_Comm}, a parameter of the user's);
 * {@code MPI_REQUEST} the handle of a non-blocking communication ({@code MPI_Request}, in a
 * request array of the call's own), {@code MPI_STATUS} what a receive matched ({@code MPI_Status},
 * in a one-element array of the call's own). {@code FLAGS} is a word of 64 recorded branch
 * directions ({@code pa_flags} of the tape runtime, an unsigned 64-bit integer that only the
 * runtime's functions take apart).
 */
public enum BaseType {
    INT("int"), LONG("long"), FLOAT("float"), DOUBLE("double"), TAPE("pa_tape"), PS_PLAN("pa_ps_plan"),
    PS_SET("pa_ps_set"), MPI_COMM("MPI_Comm"), MPI_REQUEST("MPI_Request"),
    MPI_STATUS("MPI_Status"), FLAGS("pa_flags");

    private final String cName;

    BaseType(String cName) {
        this.cName = cName;
    }

    public String cName() {
        return cName;
    }

    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    public boolean isInteger() {
        return this == INT || this == LONG;
    }

    /** A type of a library that generated code includes: no arithmetic, no Fortran form. */
    public boolean isOpaque() {
        return this == TAPE || this == PS_PLAN || this == PS_SET || this == MPI_COMM || this == MPI_REQUEST
                || this == MPI_STATUS || this == FLAGS;
    }
}
