package org.paradjoint.core.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a check driver with gcc the way the documentation says: as one strict unit
 * ({@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp driver.c -lm}, {@link #compile}), or as
 * the user's file and the generated code apart ({@link #compileCheck}, what {@code paradjoint
 * check} does), and runs it with a given number of OpenMP threads. For tests, the command line and launch configurations. Another
 * compiler (gfortran for Fortran drivers) is given with its own flags and libraries; outcomes and
 * reports read the same.
 */
public final class DriverRunner {

    /** The flags every driver (and every generated file) must compile with. */
    public static final List<String> GCC_FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp");

    /**
     * The flags of the user's own file in a check: its warnings are shown but are no errors (an
     * unused parameter of the user's must not fail the check), and it is GNU C, gcc's default,
     * as the user's own build most likely is: {@code math.h} then defines {@code M_PI} and the
     * POSIX names ({@code drand48}, {@code posix_memalign}), which {@code -std=c11} hides.
     */
    public static final List<String> SOURCE_FLAGS = List.of("-std=gnu11", "-Wall", "-Wextra", "-fopenmp");

    /** Linux's signal names by number (x86 and ARM alike for these). */
    private static final List<String> SIGNALS = List.of("", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE",
            "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN",
            "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS");

    /** The macro that selects a part of a C check driver: 1 the user's file, 2 the generated code. */
    public static final String PART = "PA_CHECK_PART";

    /** Exit status, both output streams, and the report read from standard output. */
    public record Outcome(int exitCode, String stdout, String stderr, boolean timedOut) {

        public boolean ok() {
            return exitCode == 0 && !timedOut;
        }

        /**
         * The signal that killed the process, or 0 when it exited. Java reports a death by
         * signal n as exit value 128 + n (as shells do); the drivers themselves exit with 0, 1 or
         * 2 only, so a larger value is a signal.
         */
        public int signal() {
            return !timedOut && exitCode > 128 && exitCode < 128 + 65 ? exitCode - 128 : 0;
        }

        /** The name of {@link #signal()} as Linux numbers signals ({@code SIGSEGV}), or {@code SIG} and the number. */
        public String signalName() {
            int n = signal();
            return n < SIGNALS.size() && !SIGNALS.get(n).isEmpty() ? "SIG" + SIGNALS.get(n) : "SIG" + n;
        }

        public CheckReport report() {
            return CheckReport.parse(stdout);
        }

        /** Both streams, for assertion messages. */
        public String text() {
            return stdout + (stderr.isEmpty() ? "" : "\n[stderr]\n" + stderr) + (timedOut ? "\n[timed out]" : "");
        }
    }

    private final String compiler;
    private final List<String> flags;
    private final List<String> libraries;
    private final long timeoutSeconds;

    public DriverRunner() {
        this("gcc", 120);
    }

    public DriverRunner(String gcc, long timeoutSeconds) {
        this(gcc, GCC_FLAGS, List.of("-lm"), timeoutSeconds);
    }

    /** {@code flags} precede the source on every compile; {@code libraries} end the link line. */
    public DriverRunner(String compiler, List<String> flags, List<String> libraries, long timeoutSeconds) {
        this.compiler = compiler;
        this.flags = List.copyOf(flags);
        this.libraries = List.copyOf(libraries);
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Compiles {@code source} (relative includes resolve next to it) into {@code executable}. */
    public Outcome compile(Path source, Path executable, String... extraFlags) throws IOException {
        List<String> cmd = compileCommand(source, executable, List.of(extraFlags));
        cmd.addAll(libraries);
        return exec(cmd, source.toAbsolutePath().getParent(), 0, Map.of());
    }

    /**
     * Compiles a C check driver as its two translation units ({@link CheckDriverGenerator}): the
     * user's file ({@code PA_CHECK_PART=1}) with {@link #SOURCE_FLAGS} into an object beside the
     * executable, then the generated code ({@code PA_CHECK_PART=2}) with this runner's flags,
     * linked with it. {@code extraFlags} (include folders, macros) go to both.
     */
    public Outcome compileCheck(Path driver, Path executable, String... extraFlags) throws IOException {
        Path dir = driver.toAbsolutePath().getParent();
        Path object = executable.resolveSibling(executable.getFileName() + "_src.o");
        List<String> first = new ArrayList<>(List.of(compiler));
        first.addAll(SOURCE_FLAGS);
        first.addAll(List.of(extraFlags));
        first.addAll(List.of("-D" + PART + "=1", "-c", driver.getFileName().toString(), "-o",
                object.toAbsolutePath().toString()));
        Outcome source = exec(first, dir, 0, Map.of());
        if (!source.ok()) {
            return source;
        }
        try {
            List<String> extra = new ArrayList<>(List.of(extraFlags));
            extra.add("-D" + PART + "=2");
            extra.add(object.toAbsolutePath().toString());
            Outcome linked = compile(driver, executable, extra.toArray(String[]::new));
            return new Outcome(linked.exitCode(), source.stdout() + linked.stdout(), source.stderr() + linked.stderr(),
                    linked.timedOut());
        } finally {
            Files.deleteIfExists(object);
        }
    }

    /** Compiles {@code source} to an object file next to it only (a syntax and warning check of generated code). */
    public Outcome compileOnly(Path source) throws IOException {
        String object = source.getFileName().toString().replaceAll("\\.[^.]*$", "") + ".o";
        Path dir = source.toAbsolutePath().getParent();
        return exec(compileCommand(source, dir.resolve(object), List.of("-c")), dir, 0, Map.of());
    }

    private List<String> compileCommand(Path source, Path output, List<String> extraFlags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(compiler);
        cmd.addAll(flags);
        cmd.addAll(extraFlags);
        cmd.add(source.getFileName().toString());
        cmd.add("-o");
        cmd.add(output.toAbsolutePath().toString());
        return cmd;
    }

    /** True when the compiler can be started. */
    public boolean available() {
        try {
            Process p = new ProcessBuilder(compiler, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Environment variable that lets a check whose products are all exactly 0 pass (a run that compared nothing). */
    public static final String ALLOW_ZERO = "PARADJOINT_CHECK_ALLOW_ZERO";

    /**
     * How MPI programs are started: OpenMPI's {@code mpirun}, allowed more ranks than cores and
     * each rank free to run its threads on every core (the default binds a rank to one core, where
     * its OpenMP threads would share it). OpenMPI refuses to start as root without its two
     * variables, which say that this is meant.
     */
    public static final List<String> MPIRUN = List.of("mpirun", "--oversubscribe", "--bind-to", "none", "-np");
    public static final Map<String, String> MPIRUN_ENVIRONMENT = Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");

    /** A runner that builds with the MPI compiler wrapper {@code mpicc} (same flags as gcc). */
    public static DriverRunner mpi(long timeoutSeconds) {
        return new DriverRunner("mpicc", GCC_FLAGS, List.of("-lm"), timeoutSeconds);
    }

    /**
     * Runs a compiled MPI driver on {@code ranks} processes ({@link #MPIRUN}), each with
     * {@code OMP_NUM_THREADS=threads}.
     */
    public Outcome runRanks(Path executable, int ranks, int threads, Map<String, String> environment,
            String... args) throws IOException {
        List<String> cmd = new ArrayList<>(MPIRUN);
        cmd.add(Integer.toString(ranks));
        cmd.add(executable.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        Map<String, String> env = new java.util.HashMap<>(MPIRUN_ENVIRONMENT);
        env.putAll(environment);
        return exec(cmd, executable.toAbsolutePath().getParent(), threads, env);
    }

    /** Runs a compiled driver with {@code OMP_NUM_THREADS=threads}; {@code args} select checks by name. */
    public Outcome run(Path executable, int threads, String... args) throws IOException {
        return run(executable, threads, Map.of(), args);
    }

    /** As above, with {@code environment} added to the driver's environment. */
    public Outcome run(Path executable, int threads, Map<String, String> environment, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        return exec(cmd, executable.toAbsolutePath().getParent(), threads, environment);
    }

    private Outcome exec(List<String> cmd, Path dir, int threads, Map<String, String> environment)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(environment);
        if (threads > 0) {
            pb.environment().put("OMP_NUM_THREADS", Integer.toString(threads));
        }
        Process p = pb.start();
        CompletableFuture<String> out = slurp(p.getInputStream());
        CompletableFuture<String> err = slurp(p.getErrorStream());
        try {
            boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
                p.waitFor();
            }
            return new Outcome(finished ? p.exitValue() : -1, out.join(), err.join(), !finished);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + cmd.get(0), e);
        }
    }

    private static CompletableFuture<String> slurp(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }
}
