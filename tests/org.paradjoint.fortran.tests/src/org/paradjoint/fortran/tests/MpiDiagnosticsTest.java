package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Fortran.error;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.mpi.Communication;

/**
 * The MPI calls of Fortran procedures: what the front-end reads (the IR of the C front-end, the
 * ierror left out) and, for what it does not, an error at the call or argument that names it and
 * says what is supported.
 */
class MpiDiagnosticsTest {

    /** A subroutine that uses {@code module} around {@code body} (its first statement is on line 9). */
    private static String sub(String module, String body) {
        return """
                subroutine s(n, x, y, comm)
                  use %s
                  implicit none
                  integer, intent(in) :: n, comm
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: ierr, rank, req, i
                  integer :: st(MPI_STATUS_SIZE)
                """.formatted(module) + body + "\nend subroutine s\n";
    }

    private static String sub(String body) {
        return sub("mpi", body);
    }

    @Test
    void blockingCallsReadAsCoreCommunicationWithoutTheirIerror() {
        Function f = Fortran.fn(sub("""
                  call MPI_Comm_rank(comm, rank, ierr)
                  call MPI_Sendrecv(y(2), 2, MPI_DOUBLE_PRECISION, rank, 0, y(5), 2, MPI_DOUBLE_PRECISION, rank, 0, &
                                    comm, st, ierr)
                  call MPI_Allreduce(MPI_IN_PLACE, y, n, MPI_REAL8, MPI_MAX, comm, ierr)
                  y(1) = y(1) + x(1)"""));
        List<Communication> calls = Communication.in(f.body());
        assertEquals(List.of("MPI_Sendrecv", "MPI_Allreduce"), calls.stream().map(c -> c.routine().cName).toList());
        assertEquals(12, calls.get(0).call().args().size(), "the C arity: ierror left out");
        assertEquals("MPI_MAX", calls.get(1).operation());
        assertTrue(calls.get(1).isWeighted());
        // the integer dummy used as a communicator is one, declared integer as the user wrote it
        assertEquals(BaseType.MPI_COMM, Fortran.var(f, "comm").type());
        assertEquals("integer", Fortran.var(f, "comm").typeName());
        // what only MPI calls named is not a local of the IR
        assertTrue(f.locals().stream().noneMatch(v -> v.name().equals("ierr")), f::toString);
    }

    @Test
    void f08HandlesAndAnOmittedIerror() {
        Function f = Fortran.fn("""
                subroutine s(n, y, comm)
                  use mpi_f08
                  implicit none
                  integer, intent(in) :: n
                  type(MPI_Comm), intent(in) :: comm
                  real(8), intent(inout) :: y(n)
                  type(MPI_Request) :: r
                  type(MPI_Status) :: st
                  call MPI_Irecv(y(1), 1, MPI_DOUBLE_PRECISION, 0, 3, comm, r)
                  call MPI_Wait(r, st)
                  call MPI_Bcast(y, n, MPI_DOUBLE_PRECISION, 0, comm)
                end subroutine s
                """);
        assertEquals(List.of("MPI_Irecv", "MPI_Wait", "MPI_Bcast"),
                Communication.in(f.body()).stream().map(c -> c.routine().cName).toList());
        assertEquals("type(MPI_Comm)", Fortran.var(f, "comm").typeName());
    }

    @Test
    void oneSidedCommunicationIsRefused() {
        error(sub("""
                  call MPI_Put(y, n, MPI_DOUBLE_PRECISION, 0, 0_8, n, MPI_DOUBLE_PRECISION, rank, ierr)"""),
                "unsupported-mpi", 9, 6, "one-sided", "MPI_Put");
    }

    @Test
    void derivedDatatypesAreRefused() {
        error(sub("""
                  call MPI_Type_contiguous(n, MPI_DOUBLE_PRECISION, rank, ierr)"""), "unsupported-mpi", 9, 6,
                "MPI_Type_contiguous", "not supported in Fortran");
        error(sub("""
                  call MPI_Send(y, n, rank, 0, 0, comm, ierr)"""), "unsupported-mpi", 9, 21, "datatype `rank`",
                "MPI_DOUBLE_PRECISION", "derived datatypes");
    }

    @Test
    void userDefinedOperationsAreRefused() {
        error(sub("""
                  call MPI_Allreduce(MPI_IN_PLACE, y, n, MPI_DOUBLE_PRECISION, rank, comm, ierr)"""),
                "unsupported-mpi", 9, 62, "operation `rank`", "MPI_SUM", "user-defined");
    }

    @Test
    void wildcardsOnlyInReceives() {
        error(sub("""
                  call MPI_Isend(y, n, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, 0, comm, req, ierr)
                  call MPI_Wait(req, st, ierr)"""), "unsupported-mpi", 9, 44, "MPI_ANY_SOURCE", "MPI_Recv");
        error(sub("""
                  call MPI_Send(y, n, MPI_DOUBLE_PRECISION, 0, MPI_ANY_TAG, comm, ierr)"""), "unsupported-mpi", 9, 46,
                "MPI_ANY_TAG", "MPI_Sendrecv");
    }

    @Test
    void buffersOtherThanARunOfElementsAreRefused() {
        error(sub("""
                  call MPI_Send(y(1:3), 3, MPI_DOUBLE_PRECISION, 0, 0, comm, ierr)"""), "unsupported-mpi", 9, 15,
                "MPI buffer `y(1:3)`", "x(k)");
        error(sub("""
                  call MPI_Send(rank, 1, MPI_DOUBLE_PRECISION, 0, 0, comm, ierr)"""), "unsupported-mpi", 9, 15,
                "`rank` holds `integer`", "MPI_DOUBLE_PRECISION");
    }

    @Test
    void statusesAreOnlyForMpiCalls() {
        error(sub("""
                  call MPI_Recv(y, n, MPI_DOUBLE_PRECISION, 0, 0, comm, st, ierr)
                  rank = st(MPI_SOURCE)"""), "unsupported-mpi", 10, 8, "`st` is an MPI object (MPI_Status)");
    }

    @Test
    void anUnwaitedRequestIsRefused() {
        error(sub("""
                  call MPI_Isend(y, n, MPI_DOUBLE_PRECISION, 0, 0, comm, req, ierr)"""), "unsupported-mpi", 9, 1,
                "request `req`", "not completed");
    }

    @Test
    void aWrongArgumentCountAndAMissingUseAreNamed() {
        error(sub("""
                  call MPI_Barrier(comm, ierr, rank)"""), "unsupported-mpi", 9, 6, "`MPI_Barrier` takes 1 arguments");
        error("""
                subroutine s(y)
                  implicit none
                  real(8), intent(inout) :: y(4)
                  call MPI_Bcast(y, 4, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD)
                end subroutine s
                """, "unsupported-mpi", 4, 8, "MPI_Bcast", "use mpi");
    }
}
