package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.testsupport.Repo;

/** Loads the repository's example sources and parses snippets. */
final class Sources {
    /** Every example, relative to {@code examples/}. */
    static final List<String> EXAMPLES = List.of(
            "formad/compact17.c", "formad/compact3.c", "formad/gather3.c", "formad/gfmc.c", "formad/greengauss.c",
            "formad/indirect.c", "formad/lbm_stream.c", "separable/rosenbrock.c", "separable/torsion.c",
            "stencil/burgers1d.c", "stencil/stencil1d.c", "stencil/wave3d.c");

    static final CFrontEnd FRONT_END = new CFrontEnd();

    private Sources() {
    }

    /** The text of {@code examples/RELATIVE} of the repository. */
    static String example(String relative) {
        return Repo.example(relative);
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
