package org.paradjoint.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.paradjoint.testsupport.Repo;

/**
 * Where the tests save their screenshots. They illustrate the user guide, but a test run must not
 * rewrite the guide's images: a file of {@code docs/images} is written only when it is missing,
 * or when the system property {@value #PROPERTY} names the folder to refresh (relative paths are
 * relative to the repository: {@code -Dparadjoint.screenshots=docs/images}). Otherwise the
 * pictures go to the test project's {@code target/screenshots}.
 */
final class Screenshots {

    static final String PROPERTY = "paradjoint.screenshots";
    /** The test project's build folder (set by its pom). */
    static final String OUTPUT = "paradjoint.testOutput";

    private Screenshots() {
    }

    static Path target(String name) {
        String asked = System.getProperty(PROPERTY);
        if (asked != null && !asked.isBlank()) {
            return Repo.root().resolve(asked.strip()).resolve(name);
        }
        Path docs = Repo.root().resolve("docs").resolve("images").resolve(name);
        if (!Files.exists(docs)) {
            return docs;
        }
        String out = System.getProperty(OUTPUT);
        Path build = out != null && !out.isBlank() ? Path.of(out)
                : Repo.root().resolve("tests").resolve("org.paradjoint.ui.tests").resolve("target");
        return build.resolve("screenshots").resolve(name);
    }
}
