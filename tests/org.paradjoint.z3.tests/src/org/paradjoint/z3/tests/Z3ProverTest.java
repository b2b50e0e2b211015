package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.race.ProverResult;
import org.paradjoint.race.ProverSession;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;
import org.paradjoint.z3.Z3Prover;

/** The Z3 prover on formulas of the race analysis. */
class Z3ProverTest {

    private static final Duration SECOND = Duration.ofSeconds(1);
    private final Z3Prover prover = new Z3Prover();
    private final Term i = Logic.var("i");
    private final Term i1 = Logic.var("i'");
    private final Term ci = Logic.app("c", i);
    private final Term ci1 = Logic.app("c", i1);

    @Test
    void indirectIncrementIsUnsat() {
        Formula knowledge = Logic.and(Logic.ne(i, i1), Logic.ne(ci, ci1));
        Formula question = Logic.eq(Logic.add(ci, Logic.num(7)), Logic.add(ci1, Logic.num(7)));
        try (ProverSession s = prover.open()) {
            assertInstanceOf(ProverResult.Unsat.class, s.check(knowledge, question, SECOND));
        }
    }

    @Test
    void unpinnedIndexIsSatWithAModel() {
        Formula question = Logic.and(Logic.ne(i, i1), Logic.eq(ci, ci1), Logic.le(Logic.num(0), i),
                Logic.le(Logic.num(0), i1));
        try (ProverSession s = prover.open()) {
            ProverResult r = s.check(Logic.TRUE, question, SECOND);
            ProverResult.Sat sat = assertInstanceOf(ProverResult.Sat.class, r);
            long vi = sat.model().eval(i).orElseThrow();
            long vi1 = sat.model().eval(i1).orElseThrow();
            assertNotEquals(vi, vi1);
            assertEquals(sat.model().eval(Logic.app("c", Logic.num(vi))), sat.model().eval(Logic.app("c", Logic.num(vi1))));
        }
    }

    @Test
    void strideSeparatesNeighbours() {
        // (i - 2) mod 2 == 0 for both: i and i' cannot be one apart
        Formula stride = Logic.and(Logic.eq(Logic.mod(Logic.sub(i, Logic.num(2)), 2), Logic.num(0)),
                Logic.eq(Logic.mod(Logic.sub(i1, Logic.num(2)), 2), Logic.num(0)));
        try (ProverSession s = prover.open()) {
            assertTrue(s.check(stride, Logic.eq(Logic.sub(i, Logic.num(1)), i1), SECOND).isUnsat());
            assertInstanceOf(ProverResult.Sat.class, s.check(stride, Logic.eq(Logic.sub(i, Logic.num(2)), i1), SECOND));
        }
    }

    @Test
    void quantifiersAndBooleanVariables() {
        Term a = Logic.var("a");
        Formula allPositive = Logic.forall(List.of("a"), Logic.lt(Logic.num(0), Logic.app("f", a)));
        Formula q = Logic.and(Logic.boolVar("g"), Logic.le(Logic.app("f", Logic.num(3)), Logic.num(0)));
        try (ProverSession s = prover.open()) {
            assertTrue(s.check(allPositive, q, SECOND).isUnsat());
            assertInstanceOf(ProverResult.Sat.class, s.check(Logic.TRUE, q, SECOND));
        }
    }

    @Test
    void multiArgumentFunctions() {
        Term e0 = Logic.app("e2n", i, Logic.num(0));
        Term e1 = Logic.app("e2n", i, Logic.num(1));
        try (ProverSession s = prover.open()) {
            assertTrue(s.check(Logic.ne(e0, e1), Logic.eq(Logic.app("e2n", i, Logic.num(0)), e1), SECOND).isUnsat());
        }
    }

    @Test
    void hardQuestionsTimeOutAsUnknown() {
        // x^3 + y^3 == z^3 over positive integers: beyond Z3's non-linear integer reasoning
        Term x = Logic.var("x");
        Term y = Logic.var("y");
        Term z = Logic.var("z");
        Formula fermat = Logic.and(Logic.lt(Logic.num(0), x), Logic.lt(Logic.num(0), y), Logic.lt(Logic.num(0), z),
                Logic.eq(Logic.add(Logic.mul(x, Logic.mul(x, x)), Logic.mul(y, Logic.mul(y, y))), Logic.mul(z, Logic.mul(z, z))));
        long t = System.nanoTime();
        ProverResult r = prover.check(fermat, Duration.ofMillis(50));
        assertInstanceOf(ProverResult.Unknown.class, r);
        assertTrue((System.nanoTime() - t) / 1_000_000 < 2000, "the timeout is respected");
    }

    @Test
    void closedSessionsRefuseQuestions() {
        ProverSession s = prover.open();
        s.close();
        s.close();
        assertThrows(IllegalStateException.class, () -> s.check(Logic.TRUE, Logic.TRUE, SECOND));
    }

    @Test
    void nameCarriesTheVersion() {
        assertTrue(prover.name().startsWith("z3 4."), prover.name());
    }
}
