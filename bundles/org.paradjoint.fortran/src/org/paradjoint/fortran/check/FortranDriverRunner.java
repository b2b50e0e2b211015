package org.paradjoint.fortran.check;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;

import org.paradjoint.core.check.DriverRunner;

/**
 * Compiles a Fortran check driver the way the documentation says
 * ({@code gfortran -std=f2008 -Wall -Werror -fopenmp driver.f90}) and runs it with a given
 * number of OpenMP threads: core's {@link DriverRunner} with gfortran's flags, so outcomes and
 * reports read the same as for C drivers.
 */
public final class FortranDriverRunner {

    /** The flags every driver and every generated Fortran file must compile with. */
    public static final List<String> GFORTRAN_FLAGS = List.of("-std=f2008", "-Wall", "-Werror", "-fopenmp");

    /** The MPI compiler wrapper of Fortran, for drivers of procedures that communicate. */
    public static final String MPIF90 = "mpif90";

    private final DriverRunner runner;
    private final long timeoutSeconds;

    public FortranDriverRunner() {
        this("gfortran", 120);
    }

    public FortranDriverRunner(String gfortran, long timeoutSeconds) {
        this.runner = new DriverRunner(gfortran, GFORTRAN_FLAGS, List.of(), timeoutSeconds);
        this.timeoutSeconds = timeoutSeconds;
    }

    /** The same runner compiling with {@code mpif90} (same flags), for a driver that communicates. */
    public FortranDriverRunner withMpi() {
        return new FortranDriverRunner(MPIF90, timeoutSeconds);
    }

    /** Runs an MPI driver on {@code ranks} processes (core's {@code mpirun} command), each with {@code threads} threads. */
    public DriverRunner.Outcome runRanks(Path executable, int ranks, int threads, Map<String, String> environment,
            String... args) throws IOException {
        return runner.runRanks(executable, ranks, threads, environment, args);
    }

    /** Compiles {@code source} (its {@code include}s resolve next to it) into {@code executable}. */
    public DriverRunner.Outcome compile(Path source, Path executable, String... extraFlags) throws IOException {
        return runner.compile(source, executable, extraFlags);
    }

    /** Compiles {@code source} to an object file only (a syntax and warning check of generated code). */
    public DriverRunner.Outcome compileOnly(Path source) throws IOException {
        return runner.compileOnly(source);
    }

    /** Runs a compiled driver with {@code OMP_NUM_THREADS=threads}; {@code args} select checks by name. */
    public DriverRunner.Outcome run(Path executable, int threads, String... args) throws IOException {
        return runner.run(executable, threads, args);
    }

    /** As above, with {@code environment} added to the driver's environment. */
    public DriverRunner.Outcome run(Path executable, int threads, Map<String, String> environment, String... args)
            throws IOException {
        return runner.run(executable, threads, environment, args);
    }

    /** True when {@code gfortran} can be started. */
    public boolean available() {
        return runner.available();
    }
}
