package org.paradjoint.separable.tests;

import java.nio.file.Path;

import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableResult;
import org.paradjoint.testsupport.ScratchDir;

/** The files of a partially separable gradient written for gcc ({@link org.paradjoint.testsupport.Gcc}). */
final class Cc {

    private Cc() {
    }

    /** Writes the generated files (by their base names) into {@code dir}; returns the C source. */
    static Path writeAll(Path dir, SeparableResult r) {
        for (GeneratedFile g : r.files()) {
            ScratchDir.write(dir, Path.of(g.name()).getFileName().toString(), g.text());
        }
        return dir.resolve(Path.of(r.source().name()).getFileName().toString());
    }
}
