package org.paradjoint.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository is: system property {@code paradjoint.repo} (the root pom passes it to
 * tycho-surefire), else the first folder upwards from the working directory that holds
 * {@code examples/} and {@code pom.xml}.
 */
public final class Repo {

    private Repo() {
    }

    public static Path root() {
        String prop = System.getProperty("paradjoint.repo");
        if (prop != null && !prop.isBlank() && isRoot(Path.of(prop))) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (isRoot(p)) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository: set -Dparadjoint.repo=DIR or run below a "
                + "directory that holds examples/ and pom.xml (working directory " + Path.of("").toAbsolutePath()
                + ", paradjoint.repo=" + prop + ")");
    }

    private static boolean isRoot(Path p) {
        return Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"));
    }

    public static Path examples() {
        return root().resolve("examples");
    }

    /** The text of {@code examples/RELATIVE}. */
    public static String example(String relative) {
        return text("examples/" + relative);
    }

    /** The text of {@code RELATIVE}, a path from the repository's root (a benchmark's kernel). */
    public static String text(String relative) {
        try {
            return Files.readString(root().resolve(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
