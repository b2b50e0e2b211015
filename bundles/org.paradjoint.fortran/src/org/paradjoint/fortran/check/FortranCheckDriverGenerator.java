package org.paradjoint.fortran.check;

import java.util.List;

import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckKernelWriter;
import org.paradjoint.core.check.CheckPlan;
import org.paradjoint.fortran.print.FortranMpi;

/**
 * Writes the Fortran driver of {@code paradjoint check} for Fortran sources, the counterpart of
 * core's C {@code CheckDriverGenerator}: one file that {@code include}s the primal source and
 * its generated {@code _d} and {@code _b} files, and for each checked procedure runs the
 * dot-product test between tangent and adjoint and the tangent against central differences of
 * the primal, with the same seeds, tolerances and report lines as the C drivers (so
 * {@link org.paradjoint.core.check.CheckReport} reads both).
 * <p>
 * Every call starts from the same pristine inputs. Arrays are allocated with the bounds the
 * dummies declare (the open last extent of {@code x(*)} from {@code --extent}); index arrays are
 * filled as {@code --index} says, where {@code perm:N} is a permutation of 1..N (Fortran's
 * default lower bound) and {@code range}/{@code ascending} give the values written. A procedure
 * with assumed-shape dummies is called through an interface block; a module procedure through
 * its module. The driver compiles with {@code gfortran -std=f2008 -Wall -Werror -fopenmp}.
 */
public final class FortranCheckDriverGenerator {

    private FortranCheckDriverGenerator() {
    }

    /** The files a driver for {@code primalFile} includes: the source and its {@code _d}/{@code _b} files. */
    public static List<String> includesFor(String primalFile) {
        int dot = primalFile.lastIndexOf('.');
        String base = dot > 0 ? primalFile.substring(0, dot) : primalFile;
        String ext = dot > 0 ? primalFile.substring(dot) : ".f90";
        return List.of(primalFile, base + "_d" + ext, base + "_b" + ext);
    }

    /** A driver that checks every target; {@code includes} are {@code include}d in order. */
    public static CheckDriver generate(List<FortranCheckTarget> targets, List<String> includes) {
        boolean mpi = targets.stream().anyMatch(t -> FortranMpi.usesMpi(t.primal()));
        boolean f08 = targets.stream().anyMatch(t -> FortranMpi.usesF08(t.primal()));
        return CheckPlan.driver(targets, FortranDriverPlan::resolve, (plans, out) -> {
            header(out, plans, includes);
            out.append('\n').append(FortranDriverHelpers.module(mpi)).append('\n');
            program(out, plans, mpi ? (f08 ? "mpi_f08" : "mpi") : null);
            out.append("contains\n");
            for (FortranDriverPlan p : plans) {
                out.append('\n');
                new FortranKernelWriter(p, out, f08).write();
            }
            out.append("end program pa_check\n");
        });
    }

    private static void header(StringBuilder out, List<FortranDriverPlan> plans, List<String> includes) {
        List<String> comment = CheckPlan.driverComment(plans, "file",
                "gfortran -std=f2008 -Wall -Werror -fopenmp THIS_FILE && OMP_NUM_THREADS=2 ./a.out");
        for (String line : comment) {
            out.append("! ").append(line).append('\n');
        }
        for (String inc : includes) {
            out.append("include '").append(inc).append("'\n");
        }
    }

    /**
     * The program; {@code mpi} (the module a procedure that communicates uses, or null): between
     * {@code MPI_Init_thread} (funneled: the threads of a rank never call MPI) and {@code
     * MPI_Finalize}, with only rank 0 writing (every rank reaches the same verdicts, from global sums).
     */
    private static void program(StringBuilder out, List<FortranDriverPlan> plans, String mpi) {
        out.append("program pa_check\n  use iso_fortran_env, only: error_unit, output_unit\n  use omp_lib\n")
                .append(mpi == null ? "" : "  use " + mpi + "\n").append("  use pa_chk\n")
                .append("  implicit none\n  integer :: pa_ran, pa_failed, pa_r\n");
        if (mpi != null) {
            out.append("  integer :: pa_provided, pa_rank, pa_ranks, pa_ierr\n")
                    .append("  call MPI_Init_thread(MPI_THREAD_FUNNELED, pa_provided, pa_ierr)\n")
                    .append("  call MPI_Comm_rank(MPI_COMM_WORLD, pa_rank, pa_ierr)\n")
                    .append("  call MPI_Comm_size(MPI_COMM_WORLD, pa_ranks, pa_ierr)\n")
                    .append("  if (pa_rank /= 0) open (unit=output_unit, file='/dev/null', action='write')\n")
                    .append("  write (*, '(a, i0)') 'ranks: ', pa_ranks\n");
        }
        out.append("  pa_ran = 0\n  pa_failed = 0\n")
                .append("  write (*, '(a, i0)') 'threads: ', omp_get_max_threads()\n");
        for (FortranDriverPlan p : plans) {
            String n = p.function().name();
            out.append("  if (pa_chk_selected('").append(n).append("')) then\n")
                    .append("    pa_ran = pa_ran + 1\n")
                    .append("    write (*, '(a)') '== ").append(n).append("'\n")
                    .append("    flush (output_unit)\n")
                    .append("    call ").append(CheckKernelWriter.runName(p)).append("(pa_r)\n")
                    .append("    write (*, '(2a)') '== ").append(n).append(": ', pa_chk_verdict(pa_r == 0)\n")
                    .append("    flush (output_unit)\n")
                    .append("    if (pa_r /= 0) pa_failed = pa_failed + 1\n")
                    .append("  end if\n");
        }
        out.append("  if (pa_ran == 0) then\n    write (error_unit, '(a)') 'error: no check of that name'\n")
                .append("    stop 2\n  end if\n")
                .append("  write (*, '(a)') pa_chk_verdict(pa_failed == 0)\n")
                .append(mpi == null ? "" : "  call MPI_Finalize(pa_ierr)\n")
                .append("  if (pa_failed /= 0) stop 1\n");
    }
}
