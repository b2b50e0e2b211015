package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.paradjoint.core.ir.Function;

/** Loads the example sources copied into this fragment and parses snippets. */
final class Sources {
    /** Every example, relative to {@code resources/examples}. */
    static final List<String> EXAMPLES = List.of(
            "formad/compact17.c", "formad/compact3.c", "formad/gather3.c", "formad/gfmc.c", "formad/greengauss.c",
            "formad/indirect.c", "formad/lbm_stream.c", "separable/torsion.c", "stencil/burgers1d.c",
            "stencil/stencil1d.c", "stencil/wave3d.c");

    static final CFrontEnd FRONT_END = new CFrontEnd();

    private Sources() {
    }

    /**
     * The text of an example: through the class loader when the fragment's {@code resources/}
     * folder is on the bundle class path, else from the working directory (the test project's
     * base directory under tycho-surefire) or from the repository root.
     */
    static String example(String relative) {
        String[] resources = {"resources/examples/" + relative, "examples/" + relative};
        for (String r : resources) {
            URL url = Sources.class.getClassLoader().getResource(r);
            if (url != null) {
                try (InputStream in = url.openStream()) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("resources", "examples", relative));
        String repo = System.getProperty("paradjoint.repo");
        if (repo != null) {
            candidates.add(Path.of(repo, "tests", "org.paradjoint.cdt.tests", "resources", "examples", relative));
        }
        candidates.add(Path.of("tests", "org.paradjoint.cdt.tests", "resources", "examples", relative));
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return fail("example not found: " + relative + " (tried the class loader and " + candidates + ")");
    }

    static ParseResult parseExample(String relative) {
        return FRONT_END.parse(relative, example(relative));
    }

    static ParseResult parse(String source) {
        return FRONT_END.parse("t.c", source);
    }

    /** Parses a snippet that must map without any diagnostic and returns the named function. */
    static Function function(String source, String name) {
        ParseResult r = parse(source);
        assertFalse(r.hasErrors(), () -> "unexpected errors: " + r.diagnostics());
        assertNotNull(r.unit());
        return r.unit().function(name).orElseGet(() -> fail("no function " + name));
    }
}
