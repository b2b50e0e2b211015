package org.paradjoint.z3.tests;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;

/** The FormAD examples, copied into this fragment's {@code resources/formad}. */
final class Examples {

    static final List<String> FILES = List.of("indirect.c", "compact3.c", "compact17.c", "greengauss.c", "gfmc.c",
            "lbm_stream.c", "gather3.c");

    private Examples() {
    }

    static String text(String name) {
        try (InputStream in = Examples.class.getResourceAsStream("/resources/formad/" + name)) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            // Under Tycho the fragment may run from its project folder; the root pom passes it.
            String repo = System.getProperty("paradjoint.repo", ".");
            return Files.readString(Path.of(repo, "tests/org.paradjoint.z3.tests/resources/formad", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Function> functions(String name) {
        ParseResult r = new CFrontEnd().parse(name, text(name));
        if (r.hasErrors()) {
            throw new AssertionError(name + ": " + r.diagnostics());
        }
        return r.unit().functions();
    }

    static Function function(String file, String name) {
        return functions(file).stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}
