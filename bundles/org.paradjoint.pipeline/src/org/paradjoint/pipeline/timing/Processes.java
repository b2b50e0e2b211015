package org.paradjoint.pipeline.timing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** Runs a command, streaming its merged output line by line; stops it on cancellation or timeout. */
public final class Processes {

    /** How a command ended: its exit code (-1 when stopped), its output lines, and why it stopped. */
    public record Outcome(int exitCode, List<String> lines, boolean timedOut, boolean cancelled) {

        public boolean ok() {
            return exitCode == 0 && !timedOut && !cancelled;
        }
    }

    private Processes() {
    }

    public static Outcome run(List<String> command, Path dir, Map<String, String> env, Duration timeout,
            BooleanSupplier cancelled, Consumer<String> out) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    out.accept(line);
                }
            } catch (IOException e) {
                // the process was stopped; what was read is kept
            }
        }, "paradjoint output of " + command.get(0));
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean timedOut = false;
        boolean stopped = false;
        try {
            while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
                if (cancelled.getAsBoolean()) {
                    stopped = true;
                    break;
                }
                if (System.nanoTime() > deadline) {
                    timedOut = true;
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
        if (timedOut || stopped) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lines) {
            return new Outcome(timedOut || stopped ? -1 : p.exitValue(), List.copyOf(lines), timedOut, stopped);
        }
    }
}
