package org.paradjoint.stencil.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * gcc from tests, with the flags generated code must pass ({@code -std=c11 -Wall -Wextra
 * -Werror -fopenmp}). Its {@link #exec} reads the output on another thread, unlike
 * {@link Processes#exec}, so that the long stencil runs really stop at their time-out. Every
 * build first asks for gcc ({@link org.paradjoint.testsupport.Gcc#require()}): without it the test
 * is skipped, after the generation it tests has run.
 */
final class Gcc {

    static final List<String> FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp");

    private Gcc() {
    }

    /** Compiles one translation unit into an executable; fails the test with gcc's output. */
    static Path build(Path source, String... extra) {
        org.paradjoint.testsupport.Gcc.require();
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of(extra));
        Path exe = source.resolveSibling(source.getFileName().toString().replace(".c", ""));
        cmd.addAll(List.of(source.toString(), "-o", exe.toString(), "-lm"));
        Processes.Result r = exec(cmd, source.getParent(), Map.of(), 600);
        if (!r.ok()) {
            throw new AssertionError("gcc failed on " + source + ":\n" + head(r.output(), 6000));
        }
        return exe;
    }

    /** {@code gcc FLAGS -c}: the text must compile warning-free on its own. */
    static void assertCompiles(Path dir, String name, String text) {
        org.paradjoint.testsupport.Gcc.require();
        Path src = ScratchDir.write(dir, name, text);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-c", src.toString(), "-o", dir.resolve(name + ".o").toString()));
        Processes.Result r = exec(cmd, dir, Map.of(), 120);
        if (!r.ok()) {
            throw new AssertionError("gcc failed on " + name + ":\n" + r.output() + "\n" + text);
        }
    }

    /** Runs with {@code threads} OpenMP threads; passive waiting keeps a loaded machine from stalling on barriers. */
    static Processes.Result run(Path exe, int threads) {
        return exec(List.of(exe.toString()), exe.getParent(),
                Map.of("OMP_NUM_THREADS", Integer.toString(threads), "OMP_WAIT_POLICY", "passive"), 600);
    }

    static Processes.Result exec(List<String> cmd, Path dir, Map<String, String> env, int timeoutSeconds) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Processes.Result(124, new String(out.join(), StandardCharsets.UTF_8) + "\n(timed out)");
            }
            return new Processes.Result(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String head(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "\n...";
    }
}
