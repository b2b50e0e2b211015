package org.paradjoint.launch.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The repository (system property {@code paradjoint.repo}, else found upwards from the working directory). */
public final class Repo {

    private Repo() {
    }

    public static Path root() {
        String p = System.getProperty("paradjoint.repo");
        if (p != null && !p.isBlank()) {
            return Path.of(p);
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("examples"))) {
                return d;
            }
        }
        throw new IllegalStateException("repository root not found; set -Dparadjoint.repo");
    }

    public static String example(String relative) throws IOException {
        return Files.readString(root().resolve("examples").resolve(relative), StandardCharsets.UTF_8);
    }

    /** A fresh temporary directory (JUnit's TempDir is not available in the OSGi test runtime). */
    public static Path scratch(String prefix) throws IOException {
        Path d = Files.createTempDirectory("paradjoint-" + prefix);
        d.toFile().deleteOnExit();
        return d;
    }
}
