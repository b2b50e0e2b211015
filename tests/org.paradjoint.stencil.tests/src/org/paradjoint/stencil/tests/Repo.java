package org.paradjoint.stencil.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository is: system property {@code paradjoint.repo} (set by the build), else found upwards. */
final class Repo {

    private Repo() {
    }

    static Path root() {
        String prop = System.getProperty("paradjoint.repo");
        if (prop != null && !prop.isBlank() && isRoot(Path.of(prop))) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (isRoot(p)) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository: set -Dparadjoint.repo=DIR (working directory "
                + Path.of("").toAbsolutePath() + ")");
    }

    private static boolean isRoot(Path p) {
        return Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"));
    }

    /** The text of {@code examples/stencil/NAME}. */
    static String example(String name) {
        try {
            return Files.readString(root().resolve("examples/stencil").resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
