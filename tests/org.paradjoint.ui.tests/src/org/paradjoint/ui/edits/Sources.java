package org.paradjoint.ui.edits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Example sources of the repository and small kernels for the edit tests. */
final class Sources {

    /** A parallel gather through an index array: unsafe until {@code c[i]} is asserted disjoint. */
    static final String INDIRECT_GATHER = """
            void gather_indirect(int n, double *y, const double *x, const int *c)
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[i] = 2.0 * x[c[i]];
            }
            """;

    private Sources() {
    }

    static Path repo() {
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

    static String example(String relative) throws IOException {
        return Files.readString(repo().resolve("examples").resolve(relative), StandardCharsets.UTF_8);
    }
}
