package org.paradjoint.stencil.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/** Affine bounds: parsing, arithmetic, printing, and the small prover over "the primal runs" facts. */
class AffineTest {

    private static final Variable N = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER);
    private static final Variable M = Variable.scalar("m", BaseType.INT, Variable.Kind.PARAMETER);
    private static final Variable I = Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL);

    private static Expr n() {
        return new VarRef(N);
    }

    private static Affine parse(Expr e) {
        return Affine.parse(e, v -> !v.equals(I));
    }

    @Test
    void parsesAffineFormsAndRejectsTheRest() {
        Affine a = parse(new Binary(Binary.Op.SUB, n(), Exprs.integer(2)));
        assertEquals("n - 2", a.toString());
        assertEquals("2 * n + 1", parse(new Binary(Binary.Op.ADD, new Binary(Binary.Op.MUL, Exprs.integer(2), n()),
                Exprs.integer(1))).toString());
        assertEquals("n - m", parse(new Binary(Binary.Op.SUB, n(), new VarRef(M))).toString());
        assertNull(parse(new Binary(Binary.Op.MUL, n(), n())), "n*n is not affine");
        assertNull(parse(new Binary(Binary.Op.DIV, n(), Exprs.integer(2))), "n/2 is not affine");
        assertNull(parse(new Binary(Binary.Op.ADD, new VarRef(I), Exprs.integer(1))), "counters are not invariant");
    }

    @Test
    void arithmeticCancelsAndPrintsCanonically() {
        Affine n = Affine.variable(N);
        assertEquals("n - 1", CPrinter.print(n.plus(-1).toExpr()));
        assertTrue(n.plus(3).minus(n).isConstant());
        assertEquals(3, n.plus(3).minus(n).constantPart());
        assertEquals("-n + 4", n.times(-1).plus(4).toString());
        assertEquals(Affine.constant(0), n.minus(n));
    }

    @Test
    void provesWithTheFactsItIsGiven() {
        Affine lower = Affine.constant(1);
        Affine upper = Affine.variable(N).plus(-2);
        Facts runs = new Facts(List.of(upper.minus(lower)));
        assertTrue(runs.le(lower, upper), "1 <= n - 2 where the loop runs");
        assertTrue(runs.le(lower.plus(-1), upper));
        assertFalse(runs.le(lower.plus(1), upper), "2 <= n - 2 does not follow");
        assertFalse(Facts.none().le(lower, upper));
        assertTrue(Facts.none().lt(upper, upper.plus(1)));
    }
}
