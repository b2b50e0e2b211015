package org.paradjoint.core.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a check driver with gcc the way the documentation says
 * ({@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp driver.c -lm}) and runs it with a given
 * number of OpenMP threads. For tests, the command line and launch configurations.
 */
public final class DriverRunner {

    /** The flags every driver (and every generated file) must compile with. */
    public static final List<String> GCC_FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp");

    /** Exit status, both output streams, and the report read from standard output. */
    public record Outcome(int exitCode, String stdout, String stderr, boolean timedOut) {

        public boolean ok() {
            return exitCode == 0 && !timedOut;
        }

        public CheckReport report() {
            return CheckReport.parse(stdout);
        }

        /** Both streams, for assertion messages. */
        public String text() {
            return stdout + (stderr.isEmpty() ? "" : "\n[stderr]\n" + stderr) + (timedOut ? "\n[timed out]" : "");
        }
    }

    private final String gcc;
    private final long timeoutSeconds;

    public DriverRunner() {
        this("gcc", 120);
    }

    public DriverRunner(String gcc, long timeoutSeconds) {
        this.gcc = gcc;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Compiles {@code source} (relative includes resolve next to it) into {@code executable}. */
    public Outcome compile(Path source, Path executable, String... extraFlags) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(gcc);
        cmd.addAll(GCC_FLAGS);
        cmd.addAll(List.of(extraFlags));
        cmd.add(source.getFileName().toString());
        cmd.add("-o");
        cmd.add(executable.toAbsolutePath().toString());
        cmd.add("-lm");
        return exec(cmd, source.toAbsolutePath().getParent(), 0);
    }

    /** Runs a compiled driver with {@code OMP_NUM_THREADS=threads}; {@code args} select checks by name. */
    public Outcome run(Path executable, int threads, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        return exec(cmd, executable.toAbsolutePath().getParent(), threads);
    }

    private Outcome exec(List<String> cmd, Path dir, int threads) throws IOException {
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
