package org.paradjoint.fortran.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary folder for one test (JUnit's {@code @TempDir} lives in a package the test
 * fragment does not import). Set {@code -Dparadjoint.keep=true} to keep the files for a look.
 */
final class ScratchDir {

    private ScratchDir() {
    }

    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path dir) {
        if (dir == null || Boolean.getBoolean("paradjoint.keep")) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover temporary folder is no test failure
        }
    }
}
