package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.paradjoint.core.ir.Function;
import org.paradjoint.race.ArrayReport;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.Verdict;
import org.paradjoint.z3.Z3Prover;

/** The verdicts of {@code examples/formad/README.md}, reproduced exactly. */
class FormadVerdictsTest {

    private static final Z3Prover Z3 = new Z3Prover();

    private static RaceReport analyze(String file, String function, boolean bounds) {
        Function f = Examples.function(file, function);
        return RaceAnalysis.analyze(f, Z3, RaceOptions.defaults().withBounds(bounds));
    }

    private static ArrayReport array(LoopReport l, String adjoint) {
        return l.arrays().stream().filter(a -> a.adjoint().equals(adjoint)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + adjoint + " in " + l.arrays()));
    }

    private static void assertAll(ArrayReport a, Verdict v, int increments) {
        assertEquals(increments, a.increments().size(), a.adjoint());
        for (Increment i : a.increments()) {
            assertEquals(v, i.verdict(), i.message());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void indirectIsSafe(boolean bounds) {
        LoopReport l = analyze("indirect.c", "indirect", bounds).loops().get(0);
        assertAll(array(l, "xb"), Verdict.SAFE, 1);
        assertEquals(Verdict.SAFE, array(l, "yb").verdict());
        assertEquals("xb[c[i] + 7]", array(l, "xb").increments().get(0).adjoint());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void compact3IsSafe(boolean bounds) {
        LoopReport l = analyze("compact3.c", "compact3", bounds).loops().get(0);
        assertAll(array(l, "uoldb"), Verdict.SAFE, 3);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void compact17IsSafe(boolean bounds) {
        LoopReport l = analyze("compact17.c", "compact17", bounds).loops().get(0);
        assertAll(array(l, "uoldb"), Verdict.SAFE, 81);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void greenGaussIsSafe(boolean bounds) {
        LoopReport l = analyze("greengauss.c", "green_gauss", bounds).loops().get(0);
        assertAll(array(l, "dvb"), Verdict.SAFE, 2);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void gfmcSplitExchangeSafeFlipUnsafe(boolean bounds) {
        List<LoopReport> loops = analyze("gfmc.c", "gfmc_split", bounds).loops();
        assertEquals(2, loops.size());
        assertAll(array(loops.get(0), "crb"), Verdict.SAFE, 8);
        assertAll(array(loops.get(1), "crb"), Verdict.UNSAFE, 1);
        Increment flip = array(loops.get(1), "crb").increments().get(0);
        assertEquals("crb[k][j]", flip.adjoint());
        assertTrue(flip.reason().contains("no primal write pins flip[ig]"), flip.reason());
        assertNotNull(flip.counterexample());
        assertTrue(flip.counterexample().matches("ig=-?\\d+, ig'=-?\\d+, .*flip\\[-?\\d+\\]=flip\\[-?\\d+\\]=-?\\d+.*"),
                flip.counterexample());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void gfmcFusedIsUnsafeEverywhere(boolean bounds) {
        LoopReport l = analyze("gfmc.c", "gfmc_fused", bounds).loops().get(0);
        assertAll(array(l, "crb"), Verdict.UNSAFE, 9);
    }

    @Test
    void lbmNeedsTheLoopBounds() {
        LoopReport without = analyze("lbm_stream.c", "lbm_stream", false).loops().get(0);
        assertEquals(Verdict.UNSAFE, array(without, "srcb").verdict());
        LoopReport with = analyze("lbm_stream.c", "lbm_stream", true).loops().get(0);
        assertAll(array(with, "srcb"), Verdict.SAFE, 9);
        assertEquals(Verdict.SAFE, array(with, "dstb").verdict());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void gather3IsARealRace(boolean bounds) {
        RaceReport r = analyze("gather3.c", "gather3", bounds);
        LoopReport l = r.loops().get(0);
        assertAll(array(l, "xb"), Verdict.UNSAFE, 3);
        for (Increment i : array(l, "xb").increments()) {
            assertTrue(i.counterexample().contains("both touch xb["), i.counterexample());
        }
        assertEquals(3, r.diagnostics().size());
        assertTrue(r.diagnostics().stream().allMatch(d -> d.code().equals(RaceReport.UNSAFE_INCREMENT)));
    }

    @Test
    void noExampleLooksLikeAPrimalRace() {
        for (String file : Examples.FILES) {
            for (Function f : Examples.functions(file)) {
                for (LoopReport l : RaceAnalysis.analyze(f, Z3).loops()) {
                    assertNull(l.primalRace(), file);
                    assertNull(l.unsupported(), file);
                }
            }
        }
    }

    @Test
    void theGeneratorsLookupAgreesWithTheReport() {
        RaceReport r = analyze("gfmc.c", "gfmc_split", true);
        for (LoopReport l : r.loops()) {
            for (Increment i : l.increments()) {
                assertEquals(i.verdict(), r.verdict(l.loop(), i.primal()));
            }
        }
    }
}
