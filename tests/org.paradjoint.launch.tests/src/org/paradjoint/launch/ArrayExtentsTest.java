package org.paradjoint.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.launch.tests.Repo;

class ArrayExtentsTest {

    private static Function function(String example, String name) throws IOException {
        return new CFrontEnd().parse(example, Repo.example(example)).unit().function(name).orElseThrow();
    }

    private static long extent(Map<Variable, Long> e, Function f, String name) {
        return e.get(f.lookup(name).orElseThrow());
    }

    @Test
    void loopBoundsSizeTheArrays() throws IOException {
        Function f = function("stencil/stencil1d.c", "stencil1d");
        Map<Variable, Long> e = ArrayExtents.compute(f, Map.of("n", 100L), Map.of());
        assertEquals(100, extent(e, f, "r"));
        assertEquals(100, extent(e, f, "c"));
        assertEquals(101, extent(e, f, "u"));
    }

    @Test
    void indexArraysHoldAPermutation() throws IOException {
        Function f = function("formad/indirect.c", "indirect");
        Map<Variable, Long> e = ArrayExtents.compute(f, Map.of("n", 50L), Map.of());
        assertEquals(50, extent(e, f, "c"));
        assertEquals(50, extent(e, f, "y"));
        assertEquals(57, extent(e, f, "x"));
    }

    @Test
    void localsAndOuterCountersAreFollowed() throws IOException {
        Function f = function("formad/compact3.c", "compact3");
        Map<Variable, Long> e = ArrayExtents.compute(f, Map.of("n", 40L), Map.of());
        assertEquals(39, extent(e, f, "unew"));
        assertEquals(39, extent(e, f, "uold"));
    }

    @Test
    void multiDimensionalArraysCountAllElements() throws IOException {
        Function f = function("stencil/wave3d.c", "wave3d");
        Map<Variable, Long> e = ArrayExtents.compute(f, Map.of("n", 6L), Map.of());
        assertEquals(216, extent(e, f, "u_1"));
    }

    @Test
    void unboundedIndicesNeedAnExplicitLength() {
        String src = "void f(int n, double *y, const double *x, const double *w) { int i;\n"
                + "#pragma ad gradient(y : x)\n for (i = 0; i < n; i++) y[i] = x[(int) w[i]]; }\n";
        Function f = new CFrontEnd().parse("f.c", src).unit().function("f").orElseThrow();
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> ArrayExtents.compute(f, Map.of("n", 10L), Map.of()));
        assertTrue(ex.getMessage().contains("'x'"), ex.getMessage());
        assertEquals(64, extent(ArrayExtents.compute(f, Map.of("n", 10L), Map.of("x", 64L)), f, "x"));
    }
}
