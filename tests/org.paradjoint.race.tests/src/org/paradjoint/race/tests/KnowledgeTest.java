package org.paradjoint.race.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.race.tests.Ir.add;
import static org.paradjoint.race.tests.Ir.at;
import static org.paradjoint.race.tests.Ir.bin;
import static org.paradjoint.race.tests.Ir.dbl;
import static org.paradjoint.race.tests.Ir.inc;
import static org.paradjoint.race.tests.Ir.iff;
import static org.paradjoint.race.tests.Ir.intVar;
import static org.paradjoint.race.tests.Ir.ints;
import static org.paradjoint.race.tests.Ir.loop;
import static org.paradjoint.race.tests.Ir.n;
import static org.paradjoint.race.tests.Ir.parallel;
import static org.paradjoint.race.tests.Ir.set;
import static org.paradjoint.race.tests.Ir.v;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.race.internal.LoopExtractor;
import org.paradjoint.race.internal.LoopModel;
import org.paradjoint.race.internal.LoopModel.AdjointKind;
import org.paradjoint.race.logic.Logic;

/** Knowledge extraction and adjoint references on hand-built IR. */
class KnowledgeTest {

    private final Variable i = intVar("i");
    private final Variable j = intVar("j");
    private final Variable k = intVar("k");
    private final Variable nn = intVar("n");
    private final Variable x = dbl("x");
    private final Variable y = dbl("y");
    private final Variable c = ints("c");
    private final Variable d = ints("d");

    private static Set<String> facts(LoopModel m) {
        return m.facts().stream().map(f -> Logic.text(f.formula())).collect(Collectors.toSet());
    }

    private static LoopModel extract(For f, Variable... active) {
        return LoopExtractor.extract(f, Set.of(active), true, "b");
    }

    @Test
    void indirectWriteGivesKnowledgeOnTheIndexArray() {
        For f = parallel(i, n(0), v(nn), 1, List.of(i), set(at(y, at(c, v(i))), at(x, add(at(c, v(i)), n(7)))));
        LoopModel m = extract(f, x, y);
        assertEquals(Set.of("c(i') != c(i)"), facts(m));
        assertEquals(List.of(AdjointKind.READ, AdjointKind.WRITE, AdjointKind.INCREMENT),
                m.adjointRefs().stream().map(LoopModel.AdjointRef::kind).toList());
        assertEquals("xb[c[i] + 7]", m.adjointRefs().get(2).text());
    }

    @Test
    void selfIncrementIsAnAdjointReadOnly() {
        ArrayRef target = at(y, v(i));
        For f = parallel(i, n(0), v(nn), 1, List.of(i), set(target, add(at(y, v(i)), at(x, v(i)))),
                inc(at(y, add(v(i), n(1))), at(x, v(i))));
        LoopModel m = extract(f, x, y);
        List<LoopModel.AdjointRef> ys = m.adjointRefs().stream().filter(r -> r.primal().array().equals(y)).toList();
        assertEquals(2, ys.size());
        assertTrue(ys.stream().allMatch(r -> r.kind() == AdjointKind.READ));
    }

    @Test
    void inactiveArraysProduceNoAdjointReferences() {
        Variable w = dbl("w");
        For f = parallel(i, n(0), v(nn), 1, List.of(i), inc(at(y, v(i)), Ir.mul(at(w, n(0)), at(x, v(i)))));
        LoopModel m = extract(f, x, y);
        assertTrue(m.adjointRefs().stream().noneMatch(r -> r.primal().array().equals(w)));
    }

    @Test
    void instancesKeepRedefinedPrivatesApart() {
        // k = c[i]; y[k] += x[k]; k = d[i]; y2[...]: the two k's are c(i) and d(i)
        For f = parallel(i, n(0), v(nn), 1, List.of(i, k),
                set(v(k), at(c, v(i))), inc(at(y, v(k)), at(x, v(k))),
                set(v(k), at(d, v(i))), inc(at(y, add(v(nn), v(i))), at(x, v(k))));
        LoopModel m = extract(f, x, y);
        List<String> xs = m.refs().stream().filter(r -> r.array().equals(x)).map(r -> Logic.text(r.index().get(0))).toList();
        assertEquals(List.of("c(i)", "d(i)"), xs);
    }

    @Test
    void unknownDefinitionsGetFreshInstances() {
        // k = (int) x[i] twice: two different instances
        Variable kk = intVar("k");
        For f = parallel(i, n(0), v(nn), 1, List.of(i, kk),
                set(v(kk), new org.paradjoint.core.ir.Cast(org.paradjoint.core.ir.BaseType.INT, at(x, v(i)))),
                inc(at(y, v(kk)), n(1)),
                set(v(kk), new org.paradjoint.core.ir.Cast(org.paradjoint.core.ir.BaseType.INT, at(x, v(i)))),
                inc(at(y, v(kk)), n(1)));
        LoopModel m = extract(f, y);
        List<String> ys = m.refs().stream().filter(r -> r.array().equals(y)).map(r -> Logic.text(r.index().get(0))).toList();
        assertEquals(2, ys.size());
        assertFalse(ys.get(0).equals(ys.get(1)), ys.toString());
    }

    @Test
    void branchesGuardTheirReferences() {
        For f = parallel(i, n(0), v(nn), 1, List.of(i),
                iff(bin(Binary.Op.GT, at(c, v(i)), n(0)), set(at(y, at(c, v(i))), at(x, v(i)))));
        LoopModel m = extract(f, x, y);
        String fact = facts(m).iterator().next();
        assertTrue(fact.contains("c(i) <= 0") && fact.contains("c(i') <= 0"), fact);
        assertTrue(m.refs().stream().filter(r -> r.array().equals(x))
                .allMatch(r -> Logic.text(r.guard()).equals("0 < c(i)")));
    }

    @Test
    void innerLoopCountersAreOneVariablePerSide() {
        For inner = loop(j, n(0), n(4), 1, set(at(y, add(Ir.mul(v(i), n(4)), v(j))), at(x, v(j))));
        For f = parallel(i, n(0), v(nn), 1, List.of(i, j), inner);
        LoopModel m = extract(f, x, y);
        String fact = facts(m).iterator().next();
        assertTrue(fact.contains("j@1") && fact.contains("j@1'"), fact);
        assertTrue(fact.contains("4*i + j@1 != 4*i' + j@1'"), fact);
        assertTrue(fact.contains("j@1' < 0"), fact); // guarded by the inner range
    }

    @Test
    void disjointPragmaAddsKnowledge() {
        For f = parallel(i, n(0), v(nn), 1, List.of(i), inc(at(y, at(c, v(i))), at(x, v(i))))
                .withPragmas(List.of(new AdPragma.Disjoint(List.of(at(c, v(i))), SourceRange.NONE)));
        LoopModel m = extract(f, x, y);
        assertTrue(m.facts().stream().anyMatch(fa -> fa.origin().startsWith("disjoint")));
    }

    @Test
    void callsAreNotAnalysed() {
        For f = parallel(i, n(0), v(nn), 1, List.of(i), new CallStmt(new Call("g", List.of(v(y)))));
        assertNotNull(extract(f, y).unsupported());
    }

    @Test
    void strideAndBoundsBecomeTheRange() {
        For f = parallel(i, n(2), v(nn), 2, List.of(i), inc(at(y, v(i)), at(x, v(i))));
        String r = Logic.text(extract(f, x, y).range());
        assertTrue(r.contains("mod 2"), r);
        assertTrue(r.contains("i < n"), r);
    }
}
