package org.paradjoint.race.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

class LogicTest {

    private static final Term I = Logic.var("i");
    private static final Term I1 = Logic.var("i'");

    @Test
    void constantComparisonsFold() {
        assertEquals(Logic.TRUE, Logic.ne(Logic.add(I, Logic.num(1)), I));
        assertEquals(Logic.FALSE, Logic.lt(Logic.sub(I, Logic.num(0)), I));
        assertEquals(Logic.TRUE, Logic.le(Logic.mul(Logic.num(2), I), Logic.add(I, I)));
    }

    @Test
    void equalDifferencesAreEqualFormulas() {
        Term ci = Logic.app("c", I);
        Term ci1 = Logic.app("c", I1);
        Formula a = Logic.ne(Logic.add(ci, Logic.num(7)), Logic.add(ci1, Logic.num(7)));
        Formula b = Logic.ne(ci1, ci);
        assertEquals(a, b);
        assertEquals("c(i') != c(i)", Logic.text(a));
    }

    @Test
    void gcdRefutesParity() {
        // 2i == 2i' + 1 has no integer solution
        assertEquals(Logic.FALSE, Logic.eq(Logic.mul(Logic.num(2), I), Logic.add(Logic.mul(Logic.num(2), I1), Logic.num(1))));
    }

    @Test
    void booleanSimplification() {
        Formula p = Logic.lt(I, I1);
        assertEquals(p, Logic.and(Logic.TRUE, p, p));
        assertEquals(Logic.FALSE, Logic.and(p, Logic.FALSE));
        assertEquals(Logic.TRUE, Logic.or(p, Logic.TRUE));
        assertEquals(Logic.le(I1, I), Logic.not(p));
        assertEquals(p, Logic.not(Logic.not(p)));
    }

    @Test
    void tuplesDifferWhenAnyComponentDiffers() {
        Formula f = Logic.tupleNe(List.of(I, Logic.num(3)), List.of(I1, Logic.num(3)));
        assertEquals(Logic.ne(I, I1), f);
        assertEquals(Logic.TRUE, Logic.tupleNe(List.of(I, Logic.num(3)), List.of(I1, Logic.num(4))));
    }

    @Test
    void substitutionRenamesFreeVariablesOnly() {
        Formula q = Logic.forall(List.of("i"), Logic.lt(I, Logic.var("n")));
        Formula renamed = Logic.substitute(q, n -> n.equals("i") || n.equals("n") ? Logic.var(n + "'") : null, n -> null);
        assertEquals(Set.of("n'"), Logic.freeVars(renamed));
    }

    @Test
    void affineSplit() {
        Logic.Affine a = Logic.affine(Logic.add(Logic.mul(Logic.num(3), Logic.var("ncell")), I), "i");
        assertEquals(1, a.coefficient());
        assertEquals(Logic.mul(Logic.num(3), Logic.var("ncell")), a.rest());
        assertNull(Logic.affine(Logic.app("c", I), "i"));
        assertNotEquals(null, Logic.affine(Logic.app("c", Logic.var("k")), "i"));
    }

    @Test
    void modFoldsConstants() {
        assertEquals(Logic.num(2), Logic.mod(Logic.num(-7), 3));
    }
}
