package org.paradjoint.core.tests.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Compiling and running C from tests with the flags generated code must pass
 * ({@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp}). Throws {@link AssertionError} with the
 * compiler output and the sources when compilation fails, so that a test failure shows why.
 * Every build first asks for gcc ({@link org.paradjoint.testsupport.Gcc#require()}): without it
 * the test is skipped, after the generation it tests has run.
 */
public final class Gcc {

    public static final List<String> FLAGS = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp");

    private Gcc() {
    }

    /** {@code gcc FLAGS -c file}: asserts that the text compiles warning-free as a translation unit. */
    public static void assertCompiles(String name, String text) {
        org.paradjoint.testsupport.Gcc.require();
        Path dir = ScratchDir.deletedAtExit("pa-cc");
        Path src = ScratchDir.write(dir, name, text);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-c", src.toString(), "-o", dir.resolve("out.o").toString()));
        Processes.Result r = Processes.exec(cmd, dir, Map.of(), 60);
        if (!r.ok()) {
            throw new AssertionError("gcc failed on " + name + ":\n" + r.output() + "\n--- " + name + " ---\n"
                    + Processes.numbered(text));
        }
    }

    /** Compiles sources (in {@code dir}) into an executable, asserting success. */
    public static Path build(Path dir, String exeName, List<Path> sources, String... extra) {
        org.paradjoint.testsupport.Gcc.require();
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of(extra));
        sources.forEach(s -> cmd.add(s.toString()));
        Path exe = dir.resolve(exeName);
        cmd.addAll(List.of("-o", exe.toString(), "-lm"));
        Processes.Result r = Processes.exec(cmd, dir, Map.of(), 120);
        if (!r.ok()) {
            throw new AssertionError("gcc failed:\n" + r.output() + Processes.listing(sources));
        }
        return exe;
    }

    public static Processes.Result run(Path exe, Map<String, String> env, int timeoutSeconds) {
        return Processes.exec(List.of(exe.toString()), exe.getParent(), env, timeoutSeconds);
    }
}
