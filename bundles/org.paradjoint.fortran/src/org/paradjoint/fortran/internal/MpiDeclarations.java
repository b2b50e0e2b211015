package org.paradjoint.fortran.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Variable;

/**
 * The declarations of MPI objects in a procedure that uses {@code mpi} or {@code mpi_f08}: handle
 * types of {@code mpi_f08} ({@code type(MPI_Comm)}, {@code type(MPI_Status)}, {@code
 * type(MPI_Request)}) and the status arrays of {@code mpi} ({@code integer :: st(MPI_STATUS_SIZE)}).
 * A communicator is a variable of the IR (type {@code MPI_COMM}, its Fortran type kept as the
 * variable's type name, so that the derivatives declare it as the primal does); statuses and
 * requests are {@link Scope.MpiObject}s, which only MPI calls name.
 */
final class MpiDeclarations {

    /** The type name of a communicator of {@code mpi_f08}. */
    static final String F08_COMM = org.paradjoint.fortran.print.FortranMpi.F08_COMM;

    /** The type name of a communicator of {@code mpi}: a plain integer that an MPI call uses as one. */
    static final String INTEGER_COMM = "integer";

    private static final Set<String> HANDLES = Set.of("mpi_comm", "mpi_status", "mpi_request");

    private MpiDeclarations() {
    }

    /** An integer constant of MPI a procedure may compute with: {@code MPI_PROC_NULL}, a rank that is none. */
    static boolean isIntegerConstant(String name) {
        return name.equals("mpi_proc_null");
    }

    /**
     * At the type of a declaration: {@code type(MPI_Comm)}, {@code type(MPI_Status)} or {@code
     * type(MPI_Request)}, which is then consumed and named as MPI spells it; null for any other type.
     */
    static String acceptHandleType(Cursor c) {
        if (!c.peekName("type") || c.peek(1) == null || !c.peek(1).isOp("(") || c.peek(2) == null
                || !c.peek(2).isName() || !HANDLES.contains(c.peek(2).text()) || c.peek(3) == null
                || !c.peek(3).isOp(")")) {
            return null;
        }
        String handle = switch (c.peek(2).text()) {
            case "mpi_comm" -> "MPI_Comm";
            case "mpi_status" -> "MPI_Status";
            default -> "MPI_Request";
        };
        for (int k = 0; k < 4; k++) {
            c.next();
        }
        return handle;
    }

    /** After a declared name: {@code (MPI_STATUS_SIZE)}, a status of {@code mpi}, which is then consumed. */
    static boolean acceptStatusDimension(Cursor c) {
        if (!c.peekIs("(") || c.peek(1) == null || !c.peek(1).isName("mpi_status_size") || c.peek(2) == null
                || !c.peek(2).isOp(")")) {
            return false;
        }
        for (int k = 0; k < 3; k++) {
            c.next();
        }
        return true;
    }

    /**
     * The integer dummies of {@code use mpi} that MPI calls use as communicators, each mapped to the
     * same dummy typed as a communicator ({@code MPI_COMM}, declared {@code integer}): so the check
     * driver passes {@code MPI_COMM_WORLD} and the derivatives pass it on without a derivative.
     */
    static Map<Variable, Variable> communicators(Set<Variable> integers) {
        Map<Variable, Variable> out = new LinkedHashMap<>();
        for (Variable v : integers) {
            out.put(v, new Variable(v.name(), BaseType.MPI_COMM, v.dims(), v.kind(), v.isConst(), v.layout(), v.range(),
                    INTEGER_COMM));
        }
        return out;
    }
}
