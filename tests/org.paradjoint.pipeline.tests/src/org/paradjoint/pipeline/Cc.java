package org.paradjoint.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * gcc from tests: generated code is compiled with the flags it must pass
 * ({@link #STRICT}); the user's own sources (which carry ADIC2's pragmas, unknown to gcc) with
 * {@code -Wno-unknown-pragmas} in addition. Failures carry the compiler output and numbered sources.
 */
final class Cc {

    static final List<String> STRICT = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-O2");
    static final List<String> USER = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas",
            "-fopenmp", "-O2");

    private Cc() {
    }

    /** Writes the generated files (by their base names) into {@code dir}; returns the C source. */
    static Path writeAll(Path dir, SeparableResult r) {
        for (GeneratedFile g : r.files()) {
            ScratchDir.write(dir, Path.of(g.name()).getFileName().toString(), g.text());
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
        Processes.Result r = Processes.exec(cmd, dir, Map.of(), 300);
        if (!r.ok()) {
            throw new AssertionError("gcc failed: " + String.join(" ", cmd) + "\n" + r.output()
                    + Processes.listing(sources));
        }
    }

    static Processes.Result run(Path exe, Map<String, String> env, int timeoutSeconds, String... args) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        return Processes.exec(cmd, exe.getParent(), env, timeoutSeconds);
    }
}
