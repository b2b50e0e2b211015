package org.paradjoint.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Running compilers and compiled programs from tests, with their output for failure messages. */
public final class Processes {

    /** Exit code and combined stdout/stderr of a process. */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    private Processes() {
    }

    /** Runs {@code cmd} in {@code dir} with {@code env} added to the environment; exit code 124 on time-out. */
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

    /** {@code text} with line numbers, for showing a source that did not compile. */
    public static String numbered(String text) {
        StringBuilder sb = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }

    /** Each file as {@code --- name ---} and its {@link #numbered} text; unreadable files are left out. */
    public static String listing(List<Path> files) {
        StringBuilder sb = new StringBuilder();
        for (Path f : files) {
            try {
                sb.append("\n--- ").append(f.getFileName()).append(" ---\n").append(numbered(Files.readString(f)));
            } catch (IOException e) {
                // the compiler's output says enough
            }
        }
        return sb.toString();
    }
}
