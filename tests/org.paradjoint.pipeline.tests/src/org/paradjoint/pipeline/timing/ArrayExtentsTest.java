package org.paradjoint.pipeline.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.testsupport.Repo;

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

    /** A helper's indices count once it is inlined; as written, an array passed whole is not sized (too short otherwise). */
    @Test
    void anArrayPassedToAHelperIsSizedByTheHelpersIndices() {
        var unit = new CFrontEnd().parse("react.c", """
                static double lap(const double *u, int i)
                {
                    return u[i - 1] - 2.0 * u[i] + u[i + 1];
                }

                void react(int n, const double *u, double *y)
                {
                    int i;
                #pragma ad gradient(y : u)
                    for (i = 1; i < n - 1; i++)
                        y[i] = u[i] * lap(u, i);
                }
                """).unit();
        Function f = unit.function("react").orElseThrow();
        IllegalArgumentException e0 = assertThrows(IllegalArgumentException.class,
                () -> ArrayExtents.compute(f, Map.of("n", 10L), Map.of()));
        assertTrue(e0.getMessage().contains("cannot bound the indices of 'u'"), e0.getMessage());
        Function inlined = org.paradjoint.core.inline.CallInliner.forAnalysis(unit, f);
        Map<Variable, Long> e = ArrayExtents.compute(inlined, Map.of("n", 10L), Map.of());
        assertEquals(10, extent(e, inlined, "u"));
        assertEquals(9, extent(e, inlined, "y"));
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

    @Test
    void localsReadFromIndexArraysRangeOverTheirContents() throws IOException {
        // idd = mss[ig][0] takes any value of the permutation 0..4 * ng - 1 the driver writes into mss
        Function f = function("formad/gfmc.c", "gfmc_split");
        Map<Variable, Long> e = ArrayExtents.compute(f, Map.of("ng", 20L, "nj", 20L), Map.of());
        assertEquals(80, extent(e, f, "mss"));
        assertEquals(80 * 64, extent(e, f, "cl"));
    }

    @Test
    void fortranBoundsComeFromTheDeclarations() throws IOException {
        Function f = new FortranFrontEnd().parse("stencil1d.f90", Repo.example("fortran/stencil1d.f90")).unit()
                .function("stencil1d").orElseThrow();
        ArrayExtents.Shape u = ArrayExtents.shapes(f, Map.of("n", 100L), Map.of(), 1).get(f.lookup("u")
                .orElseThrow());
        assertEquals(List.of(0L), u.lower());
        assertEquals(List.of(101L), u.extent());
    }

    @Test
    void fortranAssumedSizeIsTheLastDimensionCountedFromItsLowerBound() throws IOException {
        Function f = new FortranFrontEnd().parse("gfmc_split.f90", Repo.example("fortran/gfmc_split.f90")).unit()
                .function("gfmc_split").orElseThrow();
        // mss(4, *) indexed mss(k, ig), 1 <= ig <= ng; it holds a permutation of 1..4 * ng,
        // which is the range of the last index of cl(64, *)
        Map<Variable, ArrayExtents.Shape> s = ArrayExtents.shapes(f, Map.of("ng", 20L, "nj", 20L), Map.of(), 1);
        assertEquals(List.of(4L, 20L), s.get(f.lookup("mss").orElseThrow()).extent());
        assertEquals(List.of(1L, 1L), s.get(f.lookup("cl").orElseThrow()).lower());
        assertEquals(List.of(64L, 80L), s.get(f.lookup("cl").orElseThrow()).extent());
    }
}
