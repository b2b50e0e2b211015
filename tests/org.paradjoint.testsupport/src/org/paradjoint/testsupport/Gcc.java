package org.paradjoint.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;

/**
 * gcc from tests: generated code is compiled with the flags it must pass ({@link #STRICT}); the
 * user's own sources (which may carry pragmas unknown to gcc, such as ADIC2's) with
 * {@code -Wno-unknown-pragmas} in addition. Failures carry the compiler output and numbered sources.
 * <p>
 * Without a gcc that builds OpenMP programs the compile-and-run tests are skipped with the reason
 * ({@link #require()}, a JUnit assumption), so that the build passes on a machine without gcc; the
 * build's test summary (releng/org.paradjoint.testsummary) lists them. {@link #object} and
 * {@link #link} ask themselves; a test that builds C another way (the product's
 * {@code DriverRunner}, {@code check --run}, timing runs) asks before it.
 */
public final class Gcc {

    public static final List<String> STRICT = List.of("-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-O2");
    public static final List<String> USER = List.of("-std=c11", "-Wall", "-Wextra", "-Werror",
            "-Wno-unknown-pragmas", "-fopenmp", "-O2");

    private static String missing;

    private Gcc() {
    }

    /** Skips the calling test when gcc does not run or cannot link an OpenMP program. */
    public static synchronized void require() {
        if (missing == null) {
            missing = whatIsMissing();
        }
        Assumptions.assumeTrue(missing.isEmpty(), missing);
    }

    private static Boolean addressSanitizer;

    /**
     * Skips the calling test unless gcc also links a program built with {@link #ADDRESS_SANITIZER} (the
     * sanitiser's run-time library, Debian's libasan, may be missing where gcc is not).
     */
    public static synchronized void requireAddressSanitizer() {
        require();
        if (addressSanitizer == null) {
            Path dir = ScratchDir.create("pa-asan-probe");
            try {
                Path src = ScratchDir.write(dir, "probe.c", "int main(void) { return 0; }\n");
                List<String> cmd = new ArrayList<>(List.of("gcc"));
                cmd.addAll(ADDRESS_SANITIZER);
                cmd.addAll(List.of(src.toString(), "-o", dir.resolve("probe").toString()));
                addressSanitizer = Processes.exec(cmd, dir, Map.of(), 60).ok();
            } finally {
                ScratchDir.deleteRecursively(dir);
            }
        }
        Assumptions.assumeTrue(addressSanitizer, "needs gcc's AddressSanitizer (Debian: apt-get install libasan8)");
    }

    /** Flags that make out-of-bounds accesses of heap arrays abort the program with a report. */
    public static final List<String> ADDRESS_SANITIZER = List.of("-fsanitize=address", "-fno-omit-frame-pointer",
            "-g");

    /**
     * Empty when gcc is usable, else the reason of the skip. Linking a small OpenMP program, not
     * only {@code gcc --version}, because every generated file is built with {@code -fopenmp}: a
     * gcc without libgomp (Debian's libgomp1) would fail every such test instead of skipping it.
     */
    private static String whatIsMissing() {
        if (!Tools.runs(List.of("gcc", "--version"))) {
            return "needs gcc, which is not on the PATH (Debian: apt-get install gcc libc6-dev)";
        }
        Path dir = ScratchDir.create("pa-gcc-probe");
        try {
            Path src = ScratchDir.write(dir, "omp.c", "#include <omp.h>\n"
                    + "int main(void) { return omp_get_max_threads() > 0 ? 0 : 1; }\n");
            Processes.Result r = Processes.exec(List.of("gcc", "-fopenmp", src.toString(), "-o",
                    dir.resolve("omp").toString()), dir, Map.of(), 60);
            return r.ok() ? "" : "needs gcc that links OpenMP programs: gcc -fopenmp fails (Debian: apt-get install "
                    + "libgomp1 libc6-dev)";
        } finally {
            ScratchDir.deleteRecursively(dir);
        }
    }

    /** {@code gcc flags -c src -o src.o}, asserting success. */
    public static Path object(Path src, List<String> flags, String... extra) {
        require();
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
        require();
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
