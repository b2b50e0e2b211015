package org.paradjoint.race.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.race.tests.Ir.add;
import static org.paradjoint.race.tests.Ir.at;
import static org.paradjoint.race.tests.Ir.dbl;
import static org.paradjoint.race.tests.Ir.intVar;
import static org.paradjoint.race.tests.Ir.ints;
import static org.paradjoint.race.tests.Ir.n;
import static org.paradjoint.race.tests.Ir.parallel;
import static org.paradjoint.race.tests.Ir.set;
import static org.paradjoint.race.tests.Ir.v;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.race.Prover;
import org.paradjoint.race.ProverResult;
import org.paradjoint.race.ProverSession;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.Verdict;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;

/** The report and the generator's lookup, with scripted provers. */
class ReportTest {

    private final Variable i = intVar("i");
    private final Variable nn = intVar("n");
    private final Variable x = dbl("x");
    private final Variable y = dbl("y");
    private final Variable c = ints("c");
    private final ArrayRef read = new ArrayRef(x, List.of(add(at(c, v(i)), n(7))),
            new SourceRange("t.c", 3, 18, 3, 29, 40, 11));
    private final For loop = parallel(i, n(0), v(nn), 1, List.of(i), set(at(y, at(c, v(i))), read));
    private final Function f = Ir.function(List.of(nn, x, y, c), List.of(i), List.of("y"), List.of("x"), loop);

    /** Answers satisfiable to the knowledge alone and {@code answer} to every question. */
    private static Prover scripted(ProverResult answer, int[] asked) {
        return new Prover() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public ProverSession open() {
                return new ProverSession() {
                    @Override
                    public ProverResult check(Formula background, Formula query, Duration timeout) {
                        asked[0]++;
                        return query.equals(Logic.TRUE) ? new ProverResult.Sat(t -> OptionalLong.of(0)) : answer;
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
    }

    @Test
    void unsatisfiableQuestionsMeanSafe() {
        int[] asked = {0};
        RaceReport r = RaceAnalysis.analyze(f, scripted(new ProverResult.Unsat(), asked));
        assertEquals(Verdict.SAFE, r.verdict(loop, read));
        assertTrue(asked[0] >= 2);
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
    }

    @Test
    void unknownMeansUnsafeWithAReason() {
        RaceReport r = RaceAnalysis.analyze(f, scripted(new ProverResult.Unknown("no answer within 1 ms"), new int[1]));
        assertEquals(Verdict.UNSAFE, r.verdict(loop, read));
        assertEquals(1, r.diagnostics().size());
        assertEquals(RaceReport.UNSAFE_INCREMENT, r.diagnostics().get(0).code());
        assertEquals("xb[c[i] + 7]", r.diagnostics().get(0).argument("adjoint"));
        assertTrue(r.diagnostics().get(0).message().contains("no answer within 1 ms"));
        assertEquals(3, r.diagnostics().get(0).range().line());
    }

    @Test
    void lookupByNodeOrRangeAndUnknownReferences() {
        RaceReport r = RaceAnalysis.analyze(f, scripted(new ProverResult.Unsat(), new int[1]));
        assertEquals(Verdict.SAFE, r.verdict(loop, read));
        // a copy is not a node of the analysed function, even written at the same place
        ArrayRef copy = new ArrayRef(x, read.indices(), read.range());
        assertEquals(Verdict.UNSAFE, r.verdict(loop, copy));
        assertEquals(Verdict.SAFE, r.verdict(loop, read.range()));
        assertEquals(Verdict.UNSAFE, r.verdict(loop, SourceRange.NONE));
        assertEquals(Verdict.UNSAFE, r.verdict(loop, at(x, v(i))));
        assertNotNull(r.loop(loop).orElseThrow().increment(read).orElseThrow().reason());
    }

    @Test
    void contradictoryKnowledgeIsAProbablePrimalRace() {
        // Every question (and the knowledge itself) unsatisfiable: the primal must race.
        Prover allUnsat = new Prover() {
            @Override
            public String name() {
                return "unsat";
            }

            @Override
            public ProverSession open() {
                return new ProverSession() {
                    @Override
                    public ProverResult check(Formula background, Formula query, Duration timeout) {
                        return new ProverResult.Unsat();
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        RaceReport r = RaceAnalysis.analyze(f, allUnsat);
        assertNotNull(r.loops().get(0).primalRace());
        assertEquals(Verdict.UNSAFE, r.verdict(loop, read));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("race-probable-primal-race")));
    }
}
