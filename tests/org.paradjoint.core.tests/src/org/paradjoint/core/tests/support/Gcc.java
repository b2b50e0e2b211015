package org.paradjoint.core.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Compiling and running C from tests with the flags generated code must pass
 * ({@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp}). Throws {@link AssertionError} with the
 * compiler output and the sources when compilation fails, so that a test failure shows why.
 */
public final class Gcc {

    public static final List<String> FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp");

    /** Exit code and combined stdout/stderr of a process. */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    private Gcc() {
    }

    /** A fresh temporary directory (deleted on JVM exit unless {@code PARADJOINT_KEEP_TMP} is set). */
    public static Path tempDir(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            if (System.getenv("PARADJOINT_KEEP_TMP") == null) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(dir)));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void deleteRecursively(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }

    public static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code gcc FLAGS -c file}: asserts that the text compiles warning-free as a translation unit. */
    public static void assertCompiles(String name, String text) {
        Path dir = tempDir("pa-cc");
        Path src = write(dir, name, text);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-c", src.toString(), "-o", dir.resolve("out.o").toString()));
        Result r = exec(cmd, dir, Map.of(), 60);
        if (!r.ok()) {
            throw new AssertionError("gcc failed on " + name + ":\n" + r.output() + "\n--- " + name + " ---\n"
                    + numbered(text));
        }
    }

    /** Compiles sources (in {@code dir}) into an executable, asserting success. */
    public static Path build(Path dir, String exeName, List<Path> sources, String... extra) {
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of(extra));
        sources.forEach(s -> cmd.add(s.toString()));
        Path exe = dir.resolve(exeName);
        cmd.addAll(List.of("-o", exe.toString(), "-lm"));
        Result r = exec(cmd, dir, Map.of(), 120);
        if (!r.ok()) {
            StringBuilder sb = new StringBuilder("gcc failed:\n" + r.output());
            for (Path s : sources) {
                try {
                    sb.append("\n--- ").append(s.getFileName()).append(" ---\n").append(numbered(Files.readString(s)));
                } catch (IOException e) {
                    // ignore
                }
            }
            throw new AssertionError(sb.toString());
        }
        return exe;
    }

    public static Result run(Path exe, Map<String, String> env, int timeoutSeconds) {
        return exec(List.of(exe.toString()), exe.getParent(), env, timeoutSeconds);
    }

    public static Result exec(List<String> cmd, Path dir, Map<String, String> env, int timeoutSeconds) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(124, new String(out, StandardCharsets.UTF_8) + "\n(timed out)");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public static String numbered(String text) {
        StringBuilder sb = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }
}
