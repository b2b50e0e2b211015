package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.testsupport.Repo;

class SymbolicExtentsTest {

    private static Function function(String example, String name) throws IOException {
        return new CFrontEnd().parse(example, Repo.example(example)).unit().function(name).orElseThrow();
    }

    private static Optional<String> length(Function f, String array) {
        return SymbolicExtents.length(f, f.lookup(array).orElseThrow());
    }

    @Test
    void largestAffineIndexPlusOne() throws IOException {
        Function gather = function("formad/gather3.c", "gather3");
        assertEquals(Optional.of("n"), length(gather, "x"));
        assertEquals(Optional.of("n - 1"), length(gather, "y"));
        assertEquals(Optional.of("n + 1"), length(function("stencil/stencil1d.c", "stencil1d"), "u"));
    }

    @Test
    void indirectOrStridedIndicesAreUnknown() throws IOException {
        assertEquals(Optional.empty(), length(function("formad/indirect.c", "indirect"), "x"));
        // compact3 strides by 2 from a local start: no exact bound
        assertEquals(Optional.empty(), length(function("formad/compact3.c", "compact3"), "uold"));
    }

    @Test
    void declaredExtentsArePrinted() {
        String src = "void f(int n, double y[n], const double x[2 * n]) { int i;\n"
                + "#pragma ad gradient(y : x)\n for (i = 0; i < n; i++) y[i] = x[2 * i]; }\n";
        Function f = new CFrontEnd().parse("f.c", src).unit().function("f").orElseThrow();
        assertEquals(Optional.of("2 * n"), length(f, "x"));
    }
}
