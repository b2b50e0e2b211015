package org.paradjoint.fortran.print;

import java.util.List;
import java.util.function.Function;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.MpiRuntime;

/**
 * How the communication of the IR prints as Fortran: the decisions that differ from C, each made
 * here once. A procedure uses {@code mpi_f08} when one of its variables is a {@code
 * type(MPI_Comm)} (the primal's signature says so), otherwise {@code mpi}; the run-time module
 * ({@link FortranMpiRuntime}) works with the integer handles of {@code mpi}, so under {@code
 * mpi_f08} a handle passed to it is its {@code MPI_VAL}, and the duplicated communicator it returns
 * is wrapped as a {@code type(MPI_Comm)} before an MPI routine gets it. A request array of the IR
 * ({@code pa_isend_req}, two requests) is a Fortran array {@code (0:1)}: C's {@code req} is element
 * 0, {@code req + 1} element 1. Every MPI routine gets {@code pa_mpi_ierr} as its {@code ierror}.
 */
public final class FortranMpi {

    /** The Fortran type of a communicator of {@code mpi_f08}, as a variable's type name. */
    public static final String F08_COMM = "type(MPI_Comm)";

    /** The module of a file whose procedures communicate, when the file has no name of its own. */
    public static final String DEFAULT_MODULE = "paradjoint_mpi";

    private FortranMpi() {
    }

    /** Whether {@code f} communicates: it calls MPI (or the run-time module) or receives a communicator. */
    public static boolean usesMpi(org.paradjoint.core.ir.Function f) {
        return f.params().stream().anyMatch(v -> v.type() == BaseType.MPI_COMM)
                || StmtUtil.calls(f.body()).stream().anyMatch(Call::isMpi);
    }

    /** Whether {@code f} uses {@code mpi_f08}: one of its variables is a {@code type(MPI_Comm)}. */
    public static boolean usesF08(org.paradjoint.core.ir.Function f) {
        return f.params().stream().anyMatch(FortranMpi::isF08Handle)
                || f.locals().stream().anyMatch(FortranMpi::isF08Handle);
    }

    /** The run-time module named after a file's first procedure, so that the tangent's and the adjoint's differ. */
    public static String moduleName(List<org.paradjoint.core.ir.Function> functions) {
        return functions.isEmpty() ? DEFAULT_MODULE : "pa_mpi_" + functions.get(0).name();
    }

    /** The text of the run-time module {@code name}; {@code taped} with the reversals that use the tape. */
    public static String runtimeModule(String name, boolean taped) {
        return FortranMpiRuntime.source(name, taped);
    }

    /** Whether the module needs the reversals that record on the tape. */
    public static boolean usesTapedRuntime(org.paradjoint.core.ir.Function f) {
        return StmtUtil.calls(f.body()).stream().anyMatch(c -> MpiRuntime.isTaped(c.name()));
    }

    /** The Fortran type of a communicator, as the procedure that receives it declares it. */
    public static String handleType(Variable communicator) {
        return handleType(communicator, isF08Handle(communicator));
    }

    /** The Fortran type of an MPI handle variable of a procedure that uses {@code f08} or not. */
    static String handleType(Variable v, boolean f08) {
        return switch (v.type()) {
            case MPI_COMM -> v.typeName() != null ? v.typeName() : "integer";
            case MPI_REQUEST -> f08 ? "type(MPI_Request)" : "integer";
            default -> throw new IllegalArgumentException(v.type().cName() + " has no Fortran form");
        };
    }

    /**
     * The status of a receive from a wildcard (the IR's array of one {@code MPI_Status}): an
     * {@code integer} array of {@code MPI_STATUS_SIZE} under {@code mpi}, a {@code type(MPI_Status)}
     * under {@code mpi_f08}; MPI routines take either by its name.
     */
    static String statusDeclaration(Variable v, boolean f08) {
        return f08 ? "type(MPI_Status) :: " + v.name() : "integer :: " + v.name() + "(MPI_STATUS_SIZE)";
    }

    /** Field {@code MPI_SOURCE} or {@code MPI_TAG} of a status, as each interface reads it. */
    private static String field(Variable status, String field, boolean f08) {
        return f08 ? status.name() + "%" + field : status.name() + "(" + field + ")";
    }

    /**
     * A call of an MPI routine ({@code MPI_Send ...}) or of the run-time module ({@code pa_mpi_...}),
     * its arguments printed by {@code expr} where no handle rule applies. The source and tag a
     * status holds are read in place ({@code pa_mpi_source(st)} is {@code st(MPI_SOURCE)}), and the
     * run-time module takes a status as those two values.
     */
    static String call(Call c, boolean f08, Function<Expr, String> expr) {
        if ((c.name().equals(MpiRuntime.SOURCE) || c.name().equals(MpiRuntime.TAG))
                && c.args().get(0) instanceof VarRef st) {
            return field(st.var(), c.name().equals(MpiRuntime.SOURCE) ? "MPI_SOURCE" : "MPI_TAG", f08);
        }
        boolean routine = !c.name().startsWith("pa_mpi_");
        StringBuilder out = new StringBuilder(c.name()).append('(');
        for (int k = 0; k < c.args().size(); k++) {
            out.append(k > 0 ? ", " : "").append(argument(c.args().get(k), routine, f08, expr));
        }
        if (routine) {
            out.append(c.args().isEmpty() ? "" : ", ").append("pa_mpi_ierr");
        }
        return out.append(')').toString();
    }

    private static String argument(Expr a, boolean routine, boolean f08, Function<Expr, String> expr) {
        if (a instanceof VarRef r && r.var().type() == BaseType.MPI_STATUS) {
            return routine ? r.var().name()
                    : field(r.var(), "MPI_SOURCE", f08) + ", " + field(r.var(), "MPI_TAG", f08);
        }
        if (a instanceof VarRef r && r.var().type() == BaseType.MPI_REQUEST) {
            return handle(r.var().name() + "(0)", routine, f08);
        }
        if (a instanceof Binary b && b.left() instanceof VarRef r && r.var().type() == BaseType.MPI_REQUEST
                && b.right() instanceof IntLit one) {
            return handle(r.var().name() + "(" + one.value() + ")", routine, f08);
        }
        if (a instanceof Call d && d.name().equals(MpiRuntime.DERIVATIVE_COMM)) {
            String dup = call(d, f08, expr);
            return routine && f08 ? "MPI_Comm(" + dup + ")" : dup;
        }
        if (a instanceof VarRef r && r.var().type() == BaseType.MPI_COMM) {
            return handle(r.var().name(), routine, isF08Handle(r.var()));
        }
        if (a instanceof TextOperand t && isHandleConstant(t.text())) {
            return handle(t.text(), routine, f08);
        }
        if (a instanceof VarRef r && r.var().isArray()) {
            return r.var().name();
        }
        return expr.apply(a);
    }

    /** A handle as an MPI routine takes it, or as the run-time module does ({@code MPI_VAL} under f08). */
    private static String handle(String text, boolean routine, boolean f08) {
        return !routine && f08 ? text + "%MPI_VAL" : text;
    }

    /** Communicators and reduction operations: handles under {@code mpi_f08} (ranks, tags and statuses are not passed on). */
    private static boolean isHandleConstant(String text) {
        return text.startsWith("MPI_COMM_") || List.of("MPI_SUM", "MPI_MAX", "MPI_MIN", "MPI_PROD").contains(text);
    }

    private static boolean isF08Handle(Variable v) {
        return F08_COMM.equals(v.typeName());
    }
}
