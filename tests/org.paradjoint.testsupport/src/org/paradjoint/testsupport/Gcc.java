package org.paradjoint.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * gcc from tests: generated code is compiled with the flags it must pass ({@link #STRICT}); the
 * user's own sources (which may carry pragmas unknown to gcc, such as ADIC2's) with
 * {@code -Wno-unknown-pragmas} in addition. Failures carry the compiler output and numbered sources.
 */
public final class Gcc {

    public static final List<String> STRICT = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-O2");
    public static final List<String> USER = List.of("-std=c11", "-Wall", "-Wextra", "-Werror",
            "-Wno-unknown-pragmas", "-fopenmp", "-O2");

    private Gcc() {
    }

    /** {@code gcc flags -c src -o src.o}, asserting success. */
    public static Path object(Path src, List<String> flags, String... extra) {
        Path obj = src.resolveSibling(src.getFileName() + ".o");
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(flags);
        cmd.addAll(List.of(extra));
        cmd.addAll(List.of("-c", src.toString(), "-o", obj.toString()));
        check(cmd, src.getParent(), List.of(src));
        return obj;
    }

    /** Links objects into an executable. */
    public static Path link(Path dir, String name, List<Path> objects) {
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

    /** Runs a built program in its folder. */
    public static Processes.Result run(Path exe, Map<String, String> env, int timeoutSeconds, String... args) {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        return Processes.exec(cmd, exe.getParent(), env, timeoutSeconds);
    }
}
