package org.paradjoint.separable.tests;

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

import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableResult;

/**
 * gcc from tests: generated code is compiled with the flags it must pass
 * ({@link #STRICT}); the user's own sources (which carry ADIC2's pragmas, unknown to gcc) with
 * {@code -Wno-unknown-pragmas} in addition. Failures carry the compiler output and numbered sources.
 */
final class Cc {

    static final List<String> STRICT = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-O2");
    static final List<String> USER = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas",
            "-fopenmp", "-O2");

    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    private Cc() {
    }

    /** A fresh temporary folder, deleted when the JVM exits (kept when PARADJOINT_KEEP_TMP is set). */
    static Path tempDir(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            if (System.getenv("PARADJOINT_KEEP_TMP") == null) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the generated files (by their base names) into {@code dir}; returns the C source. */
    static Path writeAll(Path dir, SeparableResult r) {
        for (GeneratedFile g : r.files()) {
            write(dir, Path.of(g.name()).getFileName().toString(), g.text());
        }
        return dir.resolve(Path.of(r.source().name()).getFileName().toString());
    }

    /** {@code gcc flags -c src -o src.o}, asserting success. */
    static Path object(Path src, List<String> flags, String... extra) {
        Path obj = src.resolveSibling(src.getFileName() + ".o");
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(flags);
        cmd.addAll(List.of(extra));
        cmd.addAll(List.of("-c", src.toString(), "-o", obj.toString()));
        check(cmd, src.getParent(), List.of(src));
        return obj;
    }

    /** Links objects into an executable. */
    static Path link(Path dir, String name, List<Path> objects) {
        Path exe = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("gcc", "-fopenmp"));
        objects.forEach(o -> cmd.add(o.toString()));
        cmd.addAll(List.of("-o", exe.toString(), "-lm"));
        check(cmd, dir, List.of());
        return exe;
    }

    private static void check(List<String> cmd, Path dir, List<Path> sources) {
        Result r = exec(cmd, dir, Map.of(), 300);
        if (!r.ok()) {
            StringBuilder sb = new StringBuilder("gcc failed: " + String.join(" ", cmd) + "\n" + r.output());
            for (Path s : sources) {
                try {
                    sb.append("\n--- ").append(s.getFileName()).append(" ---\n").append(numbered(Files.readString(s)));
                } catch (IOException e) {
                    // ignore
                }
            }
            throw new AssertionError(sb.toString());
        }
    }

    static Result run(Path exe, Map<String, String> env, int timeoutSeconds, String... args) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        return exec(cmd, exe.getParent(), env, timeoutSeconds);
    }

    static Result exec(List<String> cmd, Path dir, Map<String, String> env, int timeoutSeconds) {
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

    static String numbered(String text) {
        StringBuilder sb = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }
}
