package org.paradjoint.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Temporary folders for tests (JUnit's {@code @TempDir} lives in a package the test fragments do
 * not import). Two lifetimes: {@link #create} for a folder the test deletes with {@link #delete}
 * (kept with {@code -Dparadjoint.keep=true}), and {@link #deletedAtExit} for one removed when the
 * JVM exits (kept when the environment variable {@code PARADJOINT_KEEP_TMP} is set).
 */
public final class ScratchDir {

    private ScratchDir() {
    }

    public static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void delete(Path dir) {
        if (dir == null || Boolean.getBoolean("paradjoint.keep")) {
            return;
        }
        deleteRecursively(dir);
    }

    public static Path deletedAtExit(String prefix) {
        Path dir = create(prefix);
        if (System.getenv("PARADJOINT_KEEP_TMP") == null) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(dir)));
        }
        return dir;
    }

    public static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is no test failure
        }
    }

    /** Writes {@code text} (UTF-8) to {@code dir/name}. */
    public static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
