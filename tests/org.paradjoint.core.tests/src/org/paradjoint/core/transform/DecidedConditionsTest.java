package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * {@link DecidedConditions}: what a loop's counter range decides of a guarded stencil's
 * conditions, and what it leaves (a condition decided only at some of the counter's values).
 */
class DecidedConditionsTest {

    private static final Variable I = Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable J = Variable.scalar("j", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable N = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER);
    private static final Variable A = Variable.scalar("a", BaseType.DOUBLE, Variable.Kind.PARAMETER);

    private static Expr i(long offset) {
        return plus(new VarRef(I), offset);
    }

    private static Expr n(long offset) {
        return plus(new VarRef(N), offset);
    }

    private static Expr plus(Expr e, long c) {
        return c == 0 ? e : c > 0 ? new Binary(Binary.Op.ADD, e, new IntLit(c)) : new Binary(Binary.Op.SUB, e,
                new IntLit(-c));
    }

    private static Expr op(Binary.Op op, Expr a, Expr b) {
        return new Binary(op, a, b);
    }

    /** The guard of the primal's stencil row {@code i + k}: {@code i + k > 0 && i + k < n - 1}. */
    private static Expr row(long k) {
        return op(Binary.Op.AND, op(Binary.Op.GT, i(k), new IntLit(0)), op(Binary.Op.LT, i(k), n(-1)));
    }

    /** i from 1 to n - 2: the interior of the stencil's gather. */
    private static final Map<Variable, DistinctElements.Range> INTERIOR = Map.of(I, new DistinctElements.Range(
            new IntLit(1), n(-2)));

    @Test
    void theInteriorRangeDecidesTheRowItIsIn() {
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(row(0), INTERIOR)));
        assertTrue(DecidedConditions.isFalse(DecidedConditions.folded(new Unary(Unary.Op.NOT, row(0)), INTERIOR)));
        // of the neighbours' rows, only the bound the range does not reach is left
        assertEquals(op(Binary.Op.LT, i(1), n(-1)), DecidedConditions.folded(row(1), INTERIOR));
        assertEquals(op(Binary.Op.GT, i(-1), new IntLit(0)), DecidedConditions.folded(row(-1), INTERIOR));
        // a disjunction with a true member holds
        Expr any = op(Binary.Op.OR, row(1), op(Binary.Op.OR, row(0), new Unary(Unary.Op.NOT, row(0))));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(any, INTERIOR)));
    }

    @Test
    void everyComparisonIsDecidedFromTheEndItsSignPicks() {
        // i - n runs from 1 - n to -2
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(op(Binary.Op.LE, i(2), new VarRef(N)), INTERIOR)));
        assertTrue(DecidedConditions.isFalse(DecidedConditions.folded(op(Binary.Op.GE, i(0), n(-1)), INTERIOR)));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(op(Binary.Op.NE, i(0), n(-1)), INTERIOR)));
        assertTrue(DecidedConditions.isFalse(DecidedConditions.folded(op(Binary.Op.EQ, i(0), new IntLit(0)), INTERIOR)));
        // a negated counter: n - 1 - i runs from 1 to n - 2
        Expr flipped = op(Binary.Op.GT, op(Binary.Op.SUB, n(-1), new VarRef(I)), new IntLit(0));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(flipped, INTERIOR)));
        // one value of the range: i == 3 in 3 .. 3
        Map<Variable, DistinctElements.Range> three = Map.of(I, new DistinctElements.Range(new IntLit(3), new IntLit(3)));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(op(Binary.Op.EQ, i(0), new IntLit(3)), three)));
    }

    @Test
    void whatTheRangeDoesNotDecideStaysAsWritten() {
        // i + 1 < n - 1 fails at the last interior value only
        Expr edge = op(Binary.Op.LT, i(1), n(-1));
        assertEquals(edge, DecidedConditions.folded(edge, INTERIOR));
        // i > 1 holds except at the first
        Expr first = op(Binary.Op.GT, i(0), new IntLit(1));
        assertEquals(first, DecidedConditions.folded(first, INTERIOR));
        // a counter without a range, a floating comparison and a non-affine index decide nothing
        Expr other = op(Binary.Op.GT, new VarRef(J), new IntLit(0));
        assertEquals(other, DecidedConditions.folded(other, INTERIOR));
        Expr floating = op(Binary.Op.GT, new VarRef(A), new IntLit(0));
        assertEquals(floating, DecidedConditions.folded(floating, INTERIOR));
        Expr square = op(Binary.Op.GE, op(Binary.Op.MUL, new VarRef(I), new VarRef(I)), new IntLit(1));
        assertEquals(square, DecidedConditions.folded(square, INTERIOR));
    }

    @Test
    void twoCountersAreBoundedTogether() {
        // i in 1 .. n - 2 and j in 0 .. 4: i + j ranges over 1 .. n + 2, i - j over -3 .. n - 2
        Map<Variable, DistinctElements.Range> box = Map.of(I, new DistinctElements.Range(new IntLit(1), n(-2)), J,
                new DistinctElements.Range(new IntLit(0), new IntLit(4)));
        Expr sum = op(Binary.Op.GT, op(Binary.Op.ADD, new VarRef(I), new VarRef(J)), new IntLit(0));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(sum, box)));
        Expr difference = op(Binary.Op.GE, op(Binary.Op.SUB, new VarRef(I), new VarRef(J)), new IntLit(0));
        assertEquals(difference, DecidedConditions.folded(difference, box));
        Expr below = op(Binary.Op.GT, op(Binary.Op.SUB, new VarRef(I), new VarRef(J)), new IntLit(-4));
        assertTrue(DecidedConditions.isTrue(DecidedConditions.folded(below, box)));
    }
}
