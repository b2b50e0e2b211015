package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/** {@code analyze}, {@code check --ranks} and {@code bench --ranks} on the MPI examples, through the command line. */
class MpiCommandLineTest {

    private static Path copyToScratch(Path dir, String relative) throws IOException {
        Path source = Repo.examples().resolve(relative);
        return Files.copy(source, dir.resolve(source.getFileName()));
    }

    @Test
    void analyzeListsEachCommunicationAndItsReversal() throws IOException {
        Mpi.require();
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = copyToScratch(dir, "mpi/rules.c");
            CliRun r = CliRun.of("analyze", file.toString());
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("communication in halo (reversed in halo_b):"), r.toString());
            assertTrue(r.out.contains("line 42: MPI_Sendrecv: the adjoint sends the received values' adjoint back to"
                    + " left (tag 0) and receives from right (tag 0)"), r.toString());
            assertTrue(r.out.contains("MPI_Bcast: the adjoint sums every rank's adjoint to the root size - 1"),
                    r.toString());
            assertTrue(r.out.contains("MPI_Barrier: the adjoint stays a barrier"), r.toString());
            assertTrue(r.out.contains("line 77: MPI_Wait: the adjoint posts the reversal of the MPI_Irecv of line 67"
                    + " (MPI_Isend of the adjoint back to left)"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void checkRunsOnEveryRankCount() throws IOException {
        Mpi.require();
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = copyToScratch(dir, "mpi/heat.c");
            CliRun r = CliRun.of("check", file.toString(), "--function", "heat", "--set", "ny=10", "--set", "nc=4",
                    "--set", "steps=2", "--run", "--ranks", "1,2", "--threads", "2");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("== ranks=1 OMP_NUM_THREADS=2"), r.toString());
            assertTrue(r.out.contains("== ranks=2 OMP_NUM_THREADS=2"), r.toString());
            assertTrue(r.out.contains("ranks: 2"), r.toString());
            assertEquals(2, r.out.lines().filter(l -> l.equals("== heat: PASS")).count(), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** A Fortran procedure's communication is described with Fortran's spelling of its expressions. */
    @Test
    void analyzeSpellsFortranCommunicationAsFortran() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = dir.resolve("shift.f90");
            Files.writeString(file, """
                    !$ad gradient(f : x)
                    subroutine shift(n, x, w, f, comm)
                      use mpi
                      implicit none
                      integer, intent(in) :: n, comm
                      real(8), intent(in) :: x(n)
                      real(8), intent(inout) :: w(n), f(1)
                      integer :: rank, nranks, ierr
                      call MPI_Comm_rank(comm, rank, ierr)
                      call MPI_Comm_size(comm, nranks, ierr)
                      call MPI_Sendrecv(x, n, MPI_DOUBLE_PRECISION, mod(rank + 1, nranks), 0, w, n, &
                                        MPI_DOUBLE_PRECISION, mod(rank + nranks - 1, nranks), 0, comm, MPI_STATUS_IGNORE, ierr)
                      call MPI_Allreduce(w(n), f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
                    end subroutine shift
                    """);
            CliRun r = CliRun.of("analyze", file.toString());
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("line 11: MPI_Sendrecv: the adjoint sends the received values' adjoint back to"
                    + " mod(rank + nranks - 1, nranks) (tag 0) and receives from mod(rank + 1, nranks) (tag 0)"),
                    r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** The Fortran heat solver: its driver is built with mpif90 and run under mpirun, as for C. */
    @Test
    void checkRunsAFortranProcedureOnEveryRankCount() throws IOException {
        Mpi.requireFortran();
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = copyToScratch(dir, "mpi/heat.f90");
            CliRun r = CliRun.of("check", file.toString(), "--function", "heat", "--set", "ny=10", "--set", "nc=4",
                    "--set", "steps=2", "--run", "--ranks", "1,2", "--threads", "2");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("== ranks=2 OMP_NUM_THREADS=2"), r.toString());
            assertTrue(r.out.contains("ranks: 2"), r.toString());
            assertEquals(2, r.out.lines().filter(l -> l.equals("== heat: PASS")).count(), r.toString());
            String adjoint = Files.readString(dir.resolve("heat_b.f90"));
            assertTrue(adjoint.contains("call pa_mpi_sendrecv_b("), adjoint);
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /**
     * {@code bench --ranks} on the Fortran heat solver: its timing driver is an MPI program built
     * with mpif90 and run under mpirun once per rank count, as the C one is.
     */
    @Test
    void benchTimesTheFortranHeatSolverOnRanks() throws IOException {
        Mpi.requireFortran();
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = copyToScratch(dir, "mpi/heat.f90");
            Path csv = dir.resolve("heat.csv");
            CliRun r = CliRun.of("bench", file.toString(), "--kernel", "heat", "--sizes", "40", "--size-parameter", "ny",
                    "--set", "nc=8,steps=3", "--ranks", "1,2", "--threads", "1", "--variants",
                    "primal,adjoint", "--repetitions", "2", "--csv", csv.toString());
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("$ mpif90 "), r.toString());
            assertTrue(r.out.contains("mpirun --oversubscribe --bind-to none -np 2 "), r.toString());
            assertTrue(r.out.contains("pa_ranks 2"), r.toString());
            List<String> rows = Files.readAllLines(csv).stream().skip(1).toList();
            // variant,size,threads,...,ranks: primal and adjoint at 1 and 2 ranks
            assertEquals(List.of("primal 1", "primal 2", "adjoint 1", "adjoint 2"), rows.stream()
                    .map(l -> l.split(",")[0] + " " + l.substring(l.lastIndexOf(',') + 1)).toList(), rows.toString());
            String driver = Files.readString(dir.resolve("heat_timing").resolve("size-40").resolve("adjoint")
                    .resolve("driver.f90"));
            assertTrue(driver.contains("call MPI_Init_thread(MPI_THREAD_FUNNELED, pa_provided, pa_ierr)"), driver);
            assertTrue(driver.contains(" = MPI_COMM_WORLD"), driver);
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void ranksOfAFunctionThatDoesNotCommunicateIsAUsageError() throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-mpi");
        try {
            Path file = copyToScratch(dir, "formad/gather3.c");
            CliRun r = CliRun.of("check", file.toString(), "--function", "gather3", "--ranks", "2");
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertTrue(r.err.contains("--ranks: gather3 does not communicate"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
