package org.paradjoint.fortran.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.paradjoint.core.check.DriverRunner;

/**
 * Compiles a Fortran check driver the way the documentation says
 * ({@code gfortran -std=f2008 -Wall -Werror -fopenmp driver.f90}) and runs it with a given
 * number of OpenMP threads; outcomes are core's {@link DriverRunner.Outcome}, so reports read the
 * same as for C drivers.
 */
public final class FortranDriverRunner {

    /** The flags every driver and every generated Fortran file must compile with. */
    public static final List<String> GFORTRAN_FLAGS = List.of("-std=f2008", "-Wall", "-Werror", "-fopenmp");

    private final String gfortran;
    private final long timeoutSeconds;

    public FortranDriverRunner() {
        this("gfortran", 120);
    }

    public FortranDriverRunner(String gfortran, long timeoutSeconds) {
        this.gfortran = gfortran;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Compiles {@code source} (its {@code include}s resolve next to it) into {@code executable}. */
    public DriverRunner.Outcome compile(Path source, Path executable, String... extraFlags) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(gfortran);
        cmd.addAll(GFORTRAN_FLAGS);
        cmd.addAll(List.of(extraFlags));
        cmd.add(source.getFileName().toString());
        cmd.add("-o");
        cmd.add(executable.toAbsolutePath().toString());
        return exec(cmd, source.toAbsolutePath().getParent(), 0);
    }

    /** Compiles {@code source} to an object file only (a syntax and warning check of generated code). */
    public DriverRunner.Outcome compileOnly(Path source) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(gfortran);
        cmd.addAll(GFORTRAN_FLAGS);
        cmd.add("-c");
        cmd.add(source.getFileName().toString());
        cmd.add("-o");
        cmd.add(source.getFileName().toString().replaceAll("\\.[fF]\\w*$", "") + ".o");
        return exec(cmd, source.toAbsolutePath().getParent(), 0);
    }

    /** Runs a compiled driver with {@code OMP_NUM_THREADS=threads}; {@code args} select checks by name. */
    public DriverRunner.Outcome run(Path executable, int threads, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        return exec(cmd, executable.toAbsolutePath().getParent(), threads);
    }

    /** True when {@code gfortran} can be started. */
    public boolean available() {
        try {
            Process p = new ProcessBuilder(gfortran, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private DriverRunner.Outcome exec(List<String> cmd, Path dir, int threads) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
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
            return new DriverRunner.Outcome(finished ? p.exitValue() : -1, out.join(), err.join(), !finished);
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
