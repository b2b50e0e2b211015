package org.paradjoint.testsupport;

import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * The MPI that communication tests need: the compiler wrapper {@code mpicc} and OpenMPI's
 * {@code mpirun}. Without them those tests are skipped with the reason (a JUnit assumption), so
 * that the build passes on a machine without MPI; the build's test summary lists them.
 */
public final class Mpi {

    /** The reason of every skip for a missing MPI: the summary groups skips by it. */
    public static final String MISSING = "needs OpenMPI's mpicc and mpirun, which are not on the PATH"
            + " (Debian: apt-get install libopenmpi-dev openmpi-bin)";

    /** The reason of every skip for a missing Fortran MPI. */
    public static final String MISSING_FORTRAN = "needs gfortran, OpenMPI's mpif90 and mpirun, which are not on the PATH"
            + " (Debian: apt-get install gfortran libopenmpi-dev openmpi-bin)";

    private static Boolean available;
    private static Boolean fortran;

    private Mpi() {
    }

    /** Skips the calling test when {@code mpicc --version} or {@code mpirun --version} does not run. */
    public static synchronized void require() {
        if (available == null) {
            available = Tools.runs(List.of("mpicc", "--version")) && Tools.runs(List.of("mpirun", "--version"));
        }
        Assumptions.assumeTrue(available, MISSING);
    }

    /**
     * Skips the calling test when {@code mpif90 --version} or {@code mpirun --version} does not run
     * (the Fortran wrapper needs gfortran and the MPI modules built for it).
     */
    public static synchronized void requireFortran() {
        if (fortran == null) {
            fortran = Tools.runs(List.of("mpif90", "--version")) && Tools.runs(List.of("mpirun", "--version"));
        }
        Assumptions.assumeTrue(fortran, MISSING_FORTRAN);
    }
}
