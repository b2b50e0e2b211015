package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Variable;

/** {@link DistinctElements}: constant differences and counters outside their range prove two elements apart. */
class DistinctElementsTest {

    private static final Variable I = Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable J = Variable.scalar("j", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable K = Variable.scalar("k", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable M = Variable.scalar("m", BaseType.INT, Variable.Kind.PARAMETER);
    private static final Variable B = new Variable("B", BaseType.DOUBLE, List.of(Dim.c(Exprs.ref(M)),
            Dim.c(Exprs.ref(M))), Variable.Kind.PARAMETER, false, org.paradjoint.core.ir.Layout.ROW_MAJOR, org.paradjoint.core.diag.SourceRange.NONE);

    private static ArrayRef b(Expr row, Expr column) {
        return Exprs.ref(B, row, column);
    }

    /** {@code for (k = lower; k cmp bound; k += step)}. */
    private static Map<Variable, DistinctElements.Range> loop(Expr lower, Binary.Op cmp, Expr bound, long step) {
        For f = new For(K, lower, cmp, bound, new IntLit(step), Block.of(), null, List.of(), null);
        return DistinctElements.ranges(List.of(f));
    }

    @Test
    void aConstantOffsetSeparatesElements() {
        Map<Variable, DistinctElements.Range> none = Map.of();
        assertTrue(DistinctElements.distinct(b(Exprs.ref(I), Exprs.ref(J)), b(Exprs.ref(I), Exprs.add(Exprs.ref(J),
                new IntLit(1))), none));
        assertTrue(DistinctElements.distinct(b(Exprs.mul(new IntLit(2), Exprs.ref(I)), Exprs.ref(J)), b(Exprs.add(
                Exprs.mul(new IntLit(2), Exprs.ref(I)), new IntLit(1)), Exprs.ref(J)), none));
        assertFalse(DistinctElements.distinct(b(Exprs.ref(I), Exprs.ref(J)), b(Exprs.ref(J), Exprs.ref(I)), none));
        assertFalse(DistinctElements.distinct(b(Exprs.ref(I), Exprs.ref(J)), b(Exprs.ref(I), Exprs.ref(J)), none));
    }

    @Test
    void aConstantOffsetAlongACounterDoesNotSeparateDifferentIterations() {
        Map<Variable, DistinctElements.Range> none = Map.of();
        ArrayRef here = b(Exprs.ref(I), Exprs.ref(K));
        ArrayRef next = b(Exprs.ref(I), Exprs.add(Exprs.ref(K), new IntLit(1)));
        assertTrue(DistinctElements.distinct(here, next, none));
        // iteration k + 1's element is iteration k's next one
        assertFalse(DistinctElements.distinct(here, next, none, java.util.Set.of(K)));
        // an offset along a variable that stays the same in both still separates them
        assertTrue(DistinctElements.distinct(b(Exprs.ref(I), Exprs.ref(J)), b(Exprs.add(Exprs.ref(I),
                new IntLit(1)), Exprs.ref(J)), none, java.util.Set.of(K)));
    }

    @Test
    void aCounterOutsideItsRangeSeparatesElements() {
        Expr iPlus1 = Exprs.add(Exprs.ref(I), new IntLit(1));
        Expr mMinus1 = Exprs.sub(Exprs.ref(M), new IntLit(1));
        // k = i + 1 .. m - 1, upwards and (as the reverse sweep runs it) downwards: row i is never row k
        for (Map<Variable, DistinctElements.Range> r : List.of(loop(iPlus1, Binary.Op.LT, Exprs.ref(M), 1),
                loop(mMinus1, Binary.Op.GE, iPlus1, -1), loop(mMinus1, Binary.Op.GT, Exprs.ref(I), -1))) {
            assertTrue(DistinctElements.distinct(b(Exprs.ref(K), Exprs.ref(J)), b(Exprs.ref(I), Exprs.ref(J)), r));
            assertTrue(DistinctElements.distinct(b(Exprs.ref(I), Exprs.ref(J)), b(Exprs.ref(K), Exprs.ref(J)), r));
            // row m is past the last row the loop reaches
            assertTrue(DistinctElements.distinct(b(Exprs.ref(K), Exprs.ref(J)), b(Exprs.ref(M), Exprs.ref(J)), r));
            // row i + 1 is the first one it reaches
            assertFalse(DistinctElements.distinct(b(Exprs.ref(K), Exprs.ref(J)), b(iPlus1, Exprs.ref(J)), r));
        }
        // k = i .. m - 1 reaches row i
        assertFalse(DistinctElements.distinct(b(Exprs.ref(K), Exprs.ref(J)), b(Exprs.ref(I), Exprs.ref(J)),
                loop(Exprs.ref(I), Binary.Op.LT, Exprs.ref(M), 1)));
        // a step of 2 is not a range this knows
        assertFalse(DistinctElements.distinct(b(Exprs.ref(K), Exprs.ref(J)), b(Exprs.ref(I), Exprs.ref(J)),
                loop(iPlus1, Binary.Op.LT, Exprs.ref(M), 2)));
    }
}
