package org.paradjoint.z3.tests;

import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.testsupport.Repo;

/** The FormAD examples of the repository ({@code examples/formad}). */
final class Examples {

    static final List<String> FILES = List.of("indirect.c", "compact3.c", "compact17.c", "greengauss.c", "gfmc.c",
            "lbm_stream.c", "gather3.c");

    private Examples() {
    }

    static String text(String name) {
        return Repo.example("formad/" + name);
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
