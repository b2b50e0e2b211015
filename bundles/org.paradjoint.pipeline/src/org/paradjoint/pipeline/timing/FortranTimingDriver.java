package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.print.FortranMpi;
import org.paradjoint.pipeline.timing.ArrayExtents.Shape;

/**
 * The Fortran timing driver of one variant of a Fortran kernel at one problem size, the
 * counterpart of the C {@link TimingDriver}: allocates every array with the bounds the kernel's
 * dummies declare at this size (floating arrays uniform in [0.5, 1.5), index arrays with a
 * permutation of 1..count, Fortran's first index), calls the variant once untimed and takes
 * {@code repetitions} measurements of {@value TimedCall#CALLS_VARIABLE} calls each, timing every
 * call with {@code omp_get_wtime} after restoring every floating array, and prints the same
 * {@code pa_time REP SECONDS} (mean time of a call) and {@code pa_threads N} lines as the C
 * driver. The variant is an external procedure in its own file, called without an
 * interface (explicit-shape and assumed-size dummies need none). For a kernel that communicates
 * the driver is an MPI program, as the C driver is: {@code MPI_Init_thread} (funneled: the threads
 * of a rank never call MPI), every rank draws its own data and passes {@code MPI_COMM_WORLD}, the
 * ranks start each call together (a barrier, not timed), and rank 0 writes the slowest rank's time
 * and {@code pa_ranks N}.
 */
final class FortranTimingDriver {

    /** What is passed for one dummy of the called procedure. */
    private record Arg(Variable var, Shape shape, String source) {
    }

    private final StringBuilder out = new StringBuilder();
    private final List<Arg> arrays = new ArrayList<>();
    /** Whether the kernel communicates, and whether through {@code mpi_f08} (else {@code mpi}). */
    private boolean mpi;
    private boolean f08;

    private FortranTimingDriver() {
    }

    /**
     * @param kernel    the primal
     * @param signature the derivative's signature, or null to time the primal itself
     * @param ints      values of the integer scalar dummies
     * @param shapes    bounds of the array dummies
     */
    static String source(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, Shape> shapes, int repetitions, String description) {
        FortranTimingDriver d = new FortranTimingDriver();
        d.emit(kernel, signature, ints, shapes, repetitions, description);
        return d.out.toString();
    }

    private void emit(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, Shape> shapes, int repetitions, String description) {
        TimedCall timed = TimedCall.of(kernel, signature);
        String called = timed.name();
        List<Arg> args = timed.args().stream()
                .map(a -> new Arg(a.var(), a.sizedByPrimal() ? shapes.get(a.primal()) : null, a.source())).toList();
        mpi = FortranMpi.usesMpi(kernel);
        f08 = FortranMpi.usesF08(kernel);
        line("! Timing driver: " + description);
        line("program pa_timing");
        line("  use omp_lib");
        if (mpi) {
            line("  use " + (f08 ? "mpi_f08" : "mpi"));
        }
        line("  implicit none");
        line("  integer :: pa_rep");
        line("  integer(8) :: pa_calls, pa_call, pa_n");
        line("  real(8) :: pa_t0, pa_sum");
        line("  integer :: pa_rank" + (mpi ? ", pa_ranks, pa_provided, pa_ierr" : ""));
        for (Arg a : args) {
            declare(a);
        }
        line("");
        line("  pa_rank = 0");
        if (mpi) {
            line("  call MPI_Init_thread(MPI_THREAD_FUNNELED, pa_provided, pa_ierr)");
            line("  call MPI_Comm_rank(MPI_COMM_WORLD, pa_rank, pa_ierr)");
            line("  call MPI_Comm_size(MPI_COMM_WORLD, pa_ranks, pa_ierr)");
        }
        // every rank its own data
        line("  call pa_seed(pa_rank)");
        for (Arg a : args) {
            fill(a, ints);
        }
        line("  pa_calls = pa_calls_per_measurement()");
        line("  do pa_rep = 0, " + repetitions);
        line("    pa_sum = 0");
        line("    pa_n = merge(1_8, pa_calls, pa_rep == 0)");
        line("    do pa_call = 1, pa_n");
        for (Arg a : arrays) {
            if (a.var().isFloating()) {
                line("      " + a.source() + " = " + a.source() + "_0");
            }
        }
        if (mpi) {
            line("      call MPI_Barrier(MPI_COMM_WORLD, pa_ierr)");
        }
        line("      pa_t0 = omp_get_wtime()");
        // free form allows 132 characters a line: continue long argument lists
        StringBuilder call = new StringBuilder("      call " + called + "(");
        int lineStart = 0;
        for (int k = 0; k < args.size(); k++) {
            String arg = args.get(k).source();
            if (k > 0) {
                call.append(", ");
                if (call.length() - lineStart + arg.length() > 100) {
                    call.append("&\n");
                    lineStart = call.length();
                    call.append("          ");
                }
            }
            call.append(arg);
        }
        line(call.append(")").toString());
        line("      pa_sum = pa_sum + (omp_get_wtime() - pa_t0)");
        line("    end do");
        if (mpi) {
            // the time of a call is the slowest rank's
            line("    call MPI_Allreduce(MPI_IN_PLACE, pa_sum, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, pa_ierr)");
        }
        line("    if (pa_rep > 0 .and. pa_rank == 0) then");
        line("      write (*, '(a, 1x, i0, 1x, es24.15e3)') 'pa_time', pa_rep, pa_sum / pa_n");
        line("    end if");
        line("  end do");
        line("  if (pa_rank == 0) then");
        line("    write (*, '(a, 1x, i0)') 'pa_threads', omp_get_max_threads()");
        if (mpi) {
            line("    write (*, '(a, 1x, i0)') 'pa_ranks', pa_ranks");
        }
        line("  end if");
        if (mpi) {
            line("  call MPI_Finalize(pa_ierr)");
        }
        line("");
        line("contains");
        line("");
        line(HELPERS);
        line("end program pa_timing");
    }

    private void declare(Arg a) {
        Variable v = a.var();
        if (v.type() == BaseType.MPI_COMM) {
            line("  " + FortranMpi.handleType(v) + " :: " + a.source());
            return;
        }
        String type = typeName(v.type());
        if (v.isScalar()) {
            line("  " + type + " :: " + a.source());
            return;
        }
        arrays.add(a);
        String deferred = "(" + String.join(", ", java.util.Collections.nCopies(v.rank(), ":")) + ")";
        line("  " + type + ", allocatable :: " + a.source() + deferred);
        if (v.isFloating()) {
            line("  " + type + ", allocatable :: " + a.source() + "_0" + deferred);
        }
    }

    private void fill(Arg a, Map<String, Long> ints) {
        Variable v = a.var();
        if (v.type() == BaseType.MPI_COMM) {
            // an integer communicator of `use mpi` in a driver that uses mpi_f08 (a file with both)
            boolean integer = FortranMpi.handleType(v).equals("integer");
            line("  " + a.source() + " = MPI_COMM_WORLD" + (f08 && integer ? "%MPI_VAL" : ""));
            return;
        }
        if (v.isScalar()) {
            if (v.type().isInteger()) {
                line("  " + a.source() + " = " + ints.getOrDefault(v.name(), 1L));
            } else {
                line("  " + a.source() + " = pa_uniform()");
            }
            return;
        }
        List<String> bounds = new ArrayList<>();
        for (int d = 0; d < a.shape().extent().size(); d++) {
            long lo = a.shape().lower().get(d);
            bounds.add(lo + ":" + (lo + a.shape().extent().get(d) - 1));
        }
        String b = "(" + String.join(", ", bounds) + ")";
        line("  allocate(" + a.source() + b + ")");
        if (v.isFloating()) {
            line("  allocate(" + a.source() + "_0" + b + ")");
            line("  call random_number(" + a.source() + "_0)");
            line("  " + a.source() + "_0 = " + a.source() + "_0 + 0.5");
            line("  " + a.source() + " = " + a.source() + "_0");
        } else {
            line("  " + a.source() + " = reshape(pa_permutation(" + a.shape().count() + "_8), shape("
                    + a.source() + "))");
        }
    }

    private static String typeName(BaseType t) {
        return switch (t) {
            case INT -> "integer";
            case LONG -> "integer(8)";
            case FLOAT -> "real(4)";
            case DOUBLE -> "real(8)";
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS ->
                throw new IllegalArgumentException(t.cName() + " is no dummy of a timed kernel");
        };
    }

    private void line(String s) {
        out.append(s).append('\n');
    }

    /** Fixed seed, so that every variant and thread count sees the same data (each rank its own). */
    private static final String HELPERS = """
              integer(8) function pa_calls_per_measurement()
                character(len=32) :: v
                integer :: length, status
                pa_calls_per_measurement = 1
                call get_environment_variable('%s', v, length, status)
                if (status == 0 .and. length > 0) read (v, *) pa_calls_per_measurement
                pa_calls_per_measurement = max(1_8, pa_calls_per_measurement)
              end function pa_calls_per_measurement

              subroutine pa_seed(rank)
                integer, intent(in) :: rank
                integer :: n, k
                integer, allocatable :: seed(:)
                call random_seed(size = n)
                allocate(seed(n))
                seed = [(20250101 + 7919 * k + 104729 * rank, k = 1, n)]
                call random_seed(put = seed)
              end subroutine pa_seed

              real(8) function pa_uniform()
                call random_number(pa_uniform)
                pa_uniform = pa_uniform + 0.5d0
              end function pa_uniform

              function pa_permutation(m) result(p)
                integer(8), intent(in) :: m
                integer :: p(m)
                integer(8) :: k, j
                integer :: t
                real(8) :: r
                p = [(int(k), k = 1, m)]
                do k = m, 2, -1
                  call random_number(r)
                  j = 1 + int(r * real(k, 8), 8)
                  if (j > k) j = k
                  t = p(k)
                  p(k) = p(j)
                  p(j) = t
                end do
              end function pa_permutation
            """.formatted(TimedCall.CALLS_VARIABLE);
}
