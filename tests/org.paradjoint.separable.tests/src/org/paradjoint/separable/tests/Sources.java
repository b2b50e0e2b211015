package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.testsupport.Processes;

/** The test inputs: the torsion example copied into this fragment, and parsed snippets. */
final class Sources {

    private static final CFrontEnd FRONT_END = new CFrontEnd();

    private Sources() {
    }

    /** A file of {@code resources/}: through the class loader, else relative to the test project or the repository. */
    static String resource(String name) {
        URL url = Sources.class.getClassLoader().getResource("resources/" + name);
        if (url != null) {
            try (InputStream in = url.openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("resources", name));
        String repo = System.getProperty("paradjoint.repo");
        if (repo != null) {
            candidates.add(Path.of(repo, "tests", "org.paradjoint.separable.tests", "resources", name));
        }
        candidates.add(Path.of("tests", "org.paradjoint.separable.tests", "resources", name));
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return fail("resource not found: " + name + " (tried the class loader and " + candidates + ")");
    }

    static ParseResult parse(String fileName, String text) {
        return FRONT_END.parse(fileName, text);
    }

    /** Parses text that must map without errors. */
    static TranslationUnit unit(String fileName, String text) {
        ParseResult r = parse(fileName, text);
        assertFalse(r.hasErrors(), () -> "front-end errors: " + r.diagnostics() + "\n" + Processes.numbered(text));
        return r.unit();
    }
}
