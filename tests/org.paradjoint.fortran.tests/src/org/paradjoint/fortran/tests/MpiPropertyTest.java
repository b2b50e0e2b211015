package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random communication patterns of Fortran procedures ({@code use mpi} and {@code use
 * mpi_f08}, alternately, in one file) pass the global
 * dot-product and finite-difference tests on 1, 2 and 4 ranks with 1 and 2 threads each, as the C
 * ones do (the C property test of the cdt tests). A procedure draws a sequence of steps: parallel
 * local updates of its state {@code w}, shifts around the ring of ranks by a random distance
 * ({@code MPI_Sendrecv}), exchanges along the open chain of ranks ({@code MPI_Send}/{@code
 * MPI_Recv} ordered by parity, {@code MPI_PROC_NULL} at the ends), reductions to a random root or
 * to all ({@code MPI_Reduce}, {@code MPI_Allreduce}, in place or not, by sum, maximum, minimum or
 * product), broadcasts from a random root, non-blocking ring shifts that overlap work ({@code
 * MPI_Irecv}, {@code MPI_Isend}, {@code MPI_Wait} or {@code MPI_Waitall}) and barriers, each on a
 * random run of elements {@code w(k)}, count and tag; the output is the global sum of a function
 * of the state.
 * <p>
 * Reproduce: {@code -Dparadjoint.mpi.seed=SEED}.
 */
class MpiPropertyTest {

    static final int KERNELS = 12;
    static final int STEPS = 6;
    /** The state's length: runs of up to {@link #COUNT} values in each half. */
    static final int N = 12;
    static final int COUNT = 4;
    static final long BASE_SEED = 20_261_127L;

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-fortran-mpi-property");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    /** A run's first element in the lower half (send side) or the upper half (receive side) of the state. */
    private static int start(Random r, int count, boolean upper) {
        int half = N / 2;
        return (upper ? half : 0) + 1 + r.nextInt(half - count + 1);
    }

    static String step(Random r) {
        int count = 1 + r.nextInt(COUNT);
        int a = start(r, count, false);
        int b = start(r, count, true);
        int tag = r.nextInt(5);
        String dp = "MPI_DOUBLE_PRECISION";
        return switch (r.nextInt(10)) {
        case 0 -> "  !$omp parallel do\n  do i = 1, n\n    v(i) = "
                + List.of("sin(w(i))", "w(i) * w(mod(i, n) + 1)", "0.5d0 * w(i) + w(mod(i + 2, n) + 1) * w(i)",
                        "exp(0.2d0 * w(i))").get(r.nextInt(4))
                + "\n  end do\n  !$omp end parallel do\n  do i = 1, n\n    w(i) = v(i)\n  end do\n";
        case 1 -> {
            int d = 1 + r.nextInt(3);
            yield "  call MPI_Sendrecv(w(" + a + "), " + count + ", " + dp + ", mod(rank + " + d + ", nranks), " + tag
                    + ", w(" + b + "), " + count + ", " + dp + ", &\n      mod(rank + " + d + " * nranks - " + d
                    + ", nranks), " + tag + ", comm, MPI_STATUS_IGNORE, ierr)\n";
        }
        case 2 -> {
            String send = "call MPI_Send(w(" + a + "), " + count + ", " + dp + ", up, " + tag + ", comm, ierr)\n";
            String recv = "call MPI_Recv(w(" + b + "), " + count + ", " + dp + ", down, " + tag
                    + ", comm, MPI_STATUS_IGNORE, ierr)\n";
            yield "  if (mod(rank, 2) == 0) then\n    " + send + "    " + recv + "  else\n    " + recv + "    " + send
                    + "  end if\n";
        }
        case 3 -> "  call MPI_Allreduce(w(" + a + "), acc, " + count + ", " + dp + ", MPI_SUM, comm, ierr)\n"
                + "  do k = 1, " + count + "\n    w(" + b + " + k - 1) = w(" + b + " + k - 1) + 0.25d0 * acc(k) * w("
                + b + " + k - 1)\n  end do\n";
        case 4 -> "  call MPI_Allreduce(MPI_IN_PLACE, w(" + a + "), " + count + ", " + dp + ", MPI_SUM, comm, ierr)\n";
        case 5 -> "  call MPI_Reduce(w(" + a + "), acc, " + count + ", " + dp + ", MPI_SUM, mod(" + r.nextInt(4)
                + ", nranks), comm, ierr)\n"
                + "  do k = 1, " + count + "\n    w(" + b + " + k - 1) = w(" + b + " + k - 1) + 0.5d0 * acc(k)\n"
                + "  end do\n";
        case 6 -> "  call MPI_Bcast(w(" + a + "), " + count + ", " + dp + ", mod(" + r.nextInt(4)
                + ", nranks), comm, ierr)\n";
        case 7 -> nonBlocking(r, count, a, b, tag);
        case 8 -> {
            // shifted by the rank: equal values on every rank (after a broadcast) would tie a maximum
            String op = List.of("MPI_MAX", "MPI_MIN", "MPI_PROD").get(r.nextInt(3));
            String shifted = "  do k = 1, " + count + "\n    acc(k) = w(" + a + " + k - 1) + 0.125d0 * rank\n"
                    + "  end do\n";
            yield shifted + (r.nextBoolean()
                    ? "  call MPI_Allreduce(MPI_IN_PLACE, acc, " + count + ", " + dp + ", " + op + ", comm, ierr)\n"
                            + "  do k = 1, " + count + "\n    w(" + b + " + k - 1) = w(" + b
                            + " + k - 1) + 0.5d0 * acc(k)\n  end do\n"
                    : "  call MPI_Reduce(acc, w(" + b + "), " + count + ", " + dp + ", " + op + ", mod("
                            + r.nextInt(4) + ", nranks), comm, ierr)\n");
        }
        default -> "  call MPI_Barrier(comm, ierr)\n";
        };
    }

    /**
     * A ring shift with {@code MPI_Irecv}/{@code MPI_Isend} in either order, work on the lower half
     * while the messages travel (the send buffer may be read meanwhile, the receive buffer in the
     * upper half not), completed by one {@code MPI_Waitall} or by two {@code MPI_Wait} in either order.
     */
    static String nonBlocking(Random r, int count, int a, int b, int tag) {
        int d = 1 + r.nextInt(3);
        String recv = "  call MPI_Irecv(w(" + b + "), " + count + ", MPI_DOUBLE_PRECISION, mod(rank + " + d
                + " * nranks - " + d + ", nranks), " + tag + ", comm, reqs(1), ierr)\n";
        String send = "  call MPI_Isend(w(" + a + "), " + count + ", MPI_DOUBLE_PRECISION, mod(rank + " + d
                + ", nranks), " + tag + ", comm, reqs(2), ierr)\n";
        String work = "  do i = 1, " + N / 2 + "\n    v(i) = w(i) * w(mod(i, " + N / 2 + ") + 1)\n  end do\n";
        String waits = switch (r.nextInt(3)) {
        case 0 -> "  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)\n";
        case 1 -> "  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)\n  call MPI_Wait(reqs(2), MPI_STATUS_IGNORE, ierr)\n";
        default -> "  call MPI_Wait(reqs(2), MPI_STATUS_IGNORE, ierr)\n  call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)\n";
        };
        return (r.nextBoolean() ? recv + send : send + recv) + work + waits + "  do i = 1, " + N / 2
                + "\n    w(i) = w(i) + 0.1d0 * v(i)\n  end do\n";
    }

    /** A kernel; {@code f08}: with {@code use mpi_f08} and its handle types (the calls keep their ierror). */
    static String kernel(String name, Random r, boolean f08) {
        StringBuilder steps = new StringBuilder();
        for (int k = 0; k < STEPS; k++) {
            steps.append(step(r));
        }
        // declared only where used: the user's file is compiled with -Werror too
        String body = steps.toString();
        boolean chain = body.contains(" up,");
        boolean acc = body.contains("acc");
        StringBuilder s = new StringBuilder();
        s.append("!$ad gradient(f : x)\nsubroutine ").append(name).append("(n, x, w, v, f, comm)\n")
                .append(f08 ? "  use mpi_f08\n  implicit none\n  integer, intent(in) :: n\n"
                        + "  type(MPI_Comm), intent(in) :: comm\n"
                        : "  use mpi\n  implicit none\n  integer, intent(in) :: n, comm\n")
                .append("  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: w(n), v(n), f(1)\n")
                .append("  integer :: rank, nranks, i, ierr").append(chain ? ", up, down" : "")
                .append(acc || body.contains("do k") ? ", k" : "")
                .append(body.contains("reqs") ? (f08 ? "\n  type(MPI_Request) :: reqs(2)" : ", reqs(2)") : "")
                .append("\n  real(8) :: s").append(acc ? ", acc(" + COUNT + ")" : "").append('\n')
                .append("  call MPI_Comm_rank(comm, rank, ierr)\n  call MPI_Comm_size(comm, nranks, ierr)\n");
        if (chain) {
            s.append("  up = rank + 1\n  if (up == nranks) up = MPI_PROC_NULL\n")
                    .append("  down = rank - 1\n  if (rank == 0) down = MPI_PROC_NULL\n");
        }
        if (acc) {
            s.append("  do k = 1, ").append(COUNT).append("\n    acc(k) = 0.0d0\n  end do\n");
        }
        s.append("  do i = 1, n\n    w(i) = x(i)\n  end do\n").append(body)
                .append("  s = 0.0d0\n  do i = 1, n\n    v(i) = w(i) * x(i)\n    s = s + v(i) * w(i)\n  end do\n")
                .append("  call MPI_Allreduce(s, f, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)\n")
                .append("end subroutine ").append(name).append('\n');
        return s.toString();
    }

    @Test
    void randomCommunicationPatternsPassTheChecks() throws IOException {
        Mpi.requireFortran();
        Random r = new Random(Long.getLong("paradjoint.mpi.seed", BASE_SEED));
        List<String> names = new ArrayList<>();
        StringBuilder source = new StringBuilder();
        for (int k = 0; k < KERNELS; k++) {
            names.add("comm" + k);
            // every other one with mpi_f08: one driver calls both kinds
            source.append(kernel("comm" + k, r, k % 2 == 1)).append('\n');
        }
        Path file = work.resolve("comm.f90");
        Files.writeString(file, source);
        List<String> problems = MpiExamplesTest.failuresOnRanks(work.resolve("build"), file,
                fn -> names.contains(fn) ? CheckSpec.parse("--set", "n=" + N) : null, names);
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n" + String.join("\n", problems.subList(0, Math.min(4,
                    problems.size()))) + "\n" + source);
        }
    }
}
