package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;

/** The test inputs: the repository's torsion example, and parsed snippets. */
final class Sources {

    private static final CFrontEnd FRONT_END = new CFrontEnd();

    private Sources() {
    }

    /** The text of {@code examples/separable/NAME} of the repository. */
    static String resource(String name) {
        return Repo.example("separable/" + name);
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
