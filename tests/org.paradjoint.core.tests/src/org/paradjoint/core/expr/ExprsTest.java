package org.paradjoint.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.core.expr.Exprs.add;
import static org.paradjoint.core.expr.Exprs.div;
import static org.paradjoint.core.expr.Exprs.integer;
import static org.paradjoint.core.expr.Exprs.mul;
import static org.paradjoint.core.expr.Exprs.neg;
import static org.paradjoint.core.expr.Exprs.real;
import static org.paradjoint.core.expr.Exprs.sub;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.diag.SourceRange;

/** Smart constructors, simplification, types and traversal. */
class ExprsTest {

    private static final VarRef X = new VarRef(Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.LOCAL));
    private static final VarRef Y = new VarRef(Variable.scalar("y", BaseType.DOUBLE, Variable.Kind.LOCAL));
    private static final VarRef I = new VarRef(Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL));
    private static final Variable A = new Variable("a", BaseType.DOUBLE, List.of(Dim.c(null)), Variable.Kind.PARAMETER,
            false, Layout.ROW_MAJOR, SourceRange.NONE);

    private static String p(Expr e) {
        return CPrinter.print(e);
    }

    @Test
    void neutralElements() {
        assertEquals("x", p(add(real(0.0), X)));
        assertEquals("x", p(add(X, real(0.0))));
        assertEquals("i", p(add(I, integer(0))));
        assertEquals("x", p(mul(X, real(1.0))));
        assertEquals("x", p(mul(real(1.0), X)));
        assertEquals("x", p(div(X, real(1.0))));
        assertEquals("0.0", p(mul(X, real(0.0))));
        assertEquals("0", p(mul(I, integer(0))));
        assertEquals("x", p(neg(neg(X))));
        assertEquals("-x", p(mul(real(-1.0), X)));
        assertEquals("-x", p(sub(real(0.0), X)));
    }

    @Test
    void droppingAFloatingLiteralKeepsTheExpressionFloating() {
        assertEquals("(double) i", p(mul(I, real(1.0))));
        assertEquals("(double) i", p(add(real(0.0), I)));
        assertTrue(ExprTypes.isFloating(mul(I, real(1.0))));
        assertEquals("i / 2", p(div(I, integer(2))), "integer division stays integer");
    }

    @Test
    void constantFolding() {
        assertEquals("6.0", p(mul(real(2.0), real(3.0))));
        assertEquals("3", p(div(integer(7), integer(2))), "C truncates");
        assertEquals("-3", p(div(integer(-7), integer(2))));
        assertEquals("-1", p(Exprs.binary(Binary.Op.MOD, integer(-7), integer(2))));
        assertEquals("2.5", p(div(integer(5), real(2.0))));
        assertEquals("1", p(Exprs.binary(Binary.Op.LT, integer(1), integer(2))));
        assertEquals("1.0 / 0.0", p(div(real(1.0), real(0.0))), "no folding into infinity");
    }

    @Test
    void productsOfConstantsOnlyWhenExact() {
        assertEquals("8.0 * x", p(mul(real(2.0), mul(real(4.0), X))));
        assertEquals("6.0 * x", p(mul(real(2.0), mul(real(3.0), X))));
        assertEquals("3.0 * (3.0 * x)", p(mul(real(3.0), mul(real(3.0), X))), "9*x would round differently");
        assertEquals("2.0 * x", p(mul(X, real(2.0))), "constants move first (commutation is exact)");
    }

    @Test
    void negationsMoveOutward() {
        assertEquals("-x * y", p(mul(neg(X), Y)));
        assertEquals("x * y", p(mul(neg(X), neg(Y))));
        assertEquals("x + y", p(sub(X, neg(Y))));
        assertEquals("x - y", p(add(X, neg(Y))));
        assertEquals("y - x", p(add(neg(X), Y)));
        assertEquals("y - x", p(neg(sub(X, Y))));
        assertEquals("x - 2.0", p(add(X, real(-2.0))));
        assertEquals("-x / y", p(div(neg(X), Y)));
    }

    @Test
    void conditionalsAndSums() {
        Expr c = new Binary(Binary.Op.GE, X, Y);
        assertEquals("x >= y ? y : 0.0", p(mul(Y, new Cond(c, real(1.0), real(0.0)))));
        assertEquals("x >= y ? x : y", p(add(new Cond(c, X, real(0.0)), new Cond(c, real(0.0), Y))));
        assertEquals("2.0 * x", p(add(X, X)));
        assertEquals("x", p(Exprs.cond(c, X, X)));
    }

    @Test
    void typeClasses() {
        assertFalse(ExprTypes.isFloating(add(I, integer(1))));
        assertTrue(ExprTypes.isFloating(new Binary(Binary.Op.ADD, I, real(1.0))));
        assertFalse(ExprTypes.isFloating(new Binary(Binary.Op.LT, X, Y)), "comparisons are integer");
        assertTrue(ExprTypes.isFloating(new Call("sqrt", List.of(I))));
        assertFalse(ExprTypes.isFloating(new Call("abs", List.of(I))));
        assertTrue(ExprTypes.isFloating(new Cast(BaseType.DOUBLE, I)));
        assertFalse(ExprTypes.isFloating(new Cast(BaseType.INT, X)));
        assertTrue(ExprTypes.isFloating(new ArrayRef(A, List.of(I))));
    }

    @Test
    void traversal() {
        Expr e = add(mul(X, new ArrayRef(A, List.of(I))), Y);
        assertEquals(List.of("x", "a", "i", "y"), ExprUtil.variables(e).stream().map(Variable::name).toList());
        Variable b = A.withName("b");
        assertEquals("x * b[i] + y", p(ExprUtil.rename(e, Map.of(A, b))));
        assertEquals("x * a[i] + 2.0 * x", p(Simplifier.simplify(ExprUtil.substitute(e, Map.of(Y.var(), mul(real(2.0),
                X))))));
        assertEquals("x * b[i] + y", p(ExprUtil.substitute(e, Map.of(A, new VarRef(b)))));
        assertEquals(2.0 * 0.5 + 3.0, Evaluator.eval(e.equals(e) ? add(mul(X, real(0.5)), Y) : e,
                Map.of("x", 2.0, "y", 3.0)));
    }
}
