package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.paradjoint.fortran.tests.Ir.add;
import static org.paradjoint.fortran.tests.Ir.bin;
import static org.paradjoint.fortran.tests.Ir.call;
import static org.paradjoint.fortran.tests.Ir.cast;
import static org.paradjoint.fortran.tests.Ir.cond;
import static org.paradjoint.fortran.tests.Ir.i;
import static org.paradjoint.fortran.tests.Ir.mul;
import static org.paradjoint.fortran.tests.Ir.neg;
import static org.paradjoint.fortran.tests.Ir.not;
import static org.paradjoint.fortran.tests.Ir.r;
import static org.paradjoint.fortran.tests.Ir.sub;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.VarRef;

/** Operators with Fortran precedence, literals, and intrinsics in the IR's spelling. */
class ExpressionsTest {

    private static final String DECLS = """
            subroutine s(a, b, c, k, m, y)
              real(8), intent(in) :: a, b, c
              integer, intent(in) :: k, m
              real(8), intent(inout) :: y
              integer :: j
              logical :: p, q
            """;

    /** The value assigned by the one statement {@code stmt}. */
    private static Expr value(String stmt) {
        Function f = Fortran.fn(DECLS + stmt + "\nend subroutine\n");
        return ((Assign) f.body().stmts().get(0)).value();
    }

    private static VarRef a() {
        return Ir.v("a", BaseType.DOUBLE);
    }

    private static VarRef b() {
        return Ir.v("b", BaseType.DOUBLE);
    }

    private static VarRef c() {
        return Ir.v("c", BaseType.DOUBLE);
    }

    private static VarRef k() {
        return Ir.v("k", BaseType.INT);
    }

    @Test
    void signBindsLikeBinaryMinus() {
        assertEquals(neg(mul(a(), b())), value("y = -a * b"));
        assertEquals(mul(neg(a()), b()), value("y = (-a) * b"));
        assertEquals(add(neg(a()), b()), value("y = -a + b"));
        assertEquals(neg(call("pow", a(), r(2.0))), value("y = -a**2"));
        assertEquals(r(-2.5), value("y = -2.5d0"));
        assertEquals(neg(r(2.5)), value("y = -(2.5d0)"));
        assertEquals(mul(r(-2.0), a()), value("y = (-2.0d0) * a"));
    }

    @Test
    void associativity() {
        assertEquals(sub(sub(a(), b()), c()), value("y = a - b - c"));
        assertEquals(sub(a(), sub(b(), c())), value("y = a - (b - c)"));
        assertEquals(call("pow", a(), call("pow", b(), c())), value("y = a**b**c"));
        assertEquals(bin(Binary.Op.DIV, bin(Binary.Op.DIV, a(), b()), c()), value("y = a / b / c"));
    }

    @Test
    void powers() {
        assertEquals(call("pow", a(), r(2.0)), value("y = a**2"));
        assertEquals(call("pow", a(), r(-1.0)), value("y = a**(-1)"));
        assertEquals(call("pow", a(), r(0.5)), value("y = a**0.5d0"));
        assertEquals(call("pow", a(), cast(BaseType.DOUBLE, k())), value("y = a**k"));
        assertEquals(mul(mul(k(), k()), k()), value("j = k**3"));
        assertEquals(i(1), value("j = k**0"));
    }

    @Test
    void relationalAndLogicalOperators() {
        VarRef p = Ir.v("p", BaseType.INT);
        VarRef q = Ir.v("q", BaseType.INT);
        assertEquals(bin(Binary.Op.OR, bin(Binary.Op.AND, p, q), not(p)), value("p = p .and. q .or. .not. p"));
        assertEquals(bin(Binary.Op.EQ, p, bin(Binary.Op.OR, q, p)), value("p = p .eqv. q .or. p"));
        assertEquals(bin(Binary.Op.NE, p, q), value("p = p .neqv. q"));
        assertEquals(not(bin(Binary.Op.LT, a(), b())), value("p = .not. a < b"));
        for (String[] op : new String[][] {{"<", ".lt."}, {"<=", ".le."}, {">", ".gt."}, {">=", ".ge."},
                {"==", ".eq."}, {"/=", ".ne."}}) {
            assertEquals(value("p = a " + op[0] + " b"), value("p = a " + op[1] + " b"), op[0]);
        }
        assertEquals(i(0), value("p = .false."));
    }

    @Test
    void intrinsicsInTheIrSpelling() {
        assertEquals(call("fabs", a()), value("y = abs(a)"));
        assertEquals(call("abs", k()), value("j = abs(k)"));
        assertEquals(call("fmax", call("fmax", a(), b()), c()), value("y = max(a, b, c)"));
        assertEquals(call("fmin", a(), r(0.0)), value("y = min(a, 0.0d0)"));
        VarRef m = Ir.v("m", BaseType.INT);
        assertEquals(cond(bin(Binary.Op.GE, k(), m), k(), m), value("j = max(k, m)"));
        assertEquals(call("sqrt", call("exp", call("log", a()))), value("y = dsqrt(exp(log(a)))"));
        assertEquals(call("atan2", a(), b()), value("y = atan(a, b)"));
        assertEquals(call("tanh", a()), value("y = tanh(a)"));
    }

    @Test
    void conversionsAndIntegerIntrinsics() {
        assertEquals(cast(BaseType.DOUBLE, k()), value("y = dble(k)"));
        assertEquals(cast(BaseType.DOUBLE, k()), value("y = real(k, 8)"));
        assertEquals(cast(BaseType.DOUBLE, k()), value("y = real(k, kind=8)"));
        assertEquals(cast(BaseType.FLOAT, k()), value("y = real(k)"));
        assertEquals(cast(BaseType.INT, a()), value("j = int(a)"));
        assertEquals(cast(BaseType.INT, call("round", a())), value("j = nint(a)"));
        assertEquals(cast(BaseType.INT, call("floor", a())), value("j = floor(a)"));
        assertEquals(bin(Binary.Op.MOD, k(), i(3)), value("j = mod(k, 3)"));
        assertEquals(call("fmod", a(), b()), value("y = mod(a, b)"));
        assertEquals(call("trunc", a()), value("y = aint(a)"));
        assertEquals(call("round", a()), value("y = anint(a)"));
    }

    @Test
    void signAndMergeAreConditionals() {
        assertEquals(cond(bin(Binary.Op.GE, b(), r(0.0)), call("fabs", a()), neg(call("fabs", a()))),
                value("y = sign(a, b)"));
        assertEquals(cond(bin(Binary.Op.GT, a(), b()), a(), c()), value("y = merge(a, c, a > b)"));
    }

    @Test
    void integerArithmeticStaysInteger() {
        assertEquals(bin(Binary.Op.DIV, k(), i(2)), value("j = k / 2"));
        assertEquals(add(mul(i(2), k()), i(1)), value("j = 2*k + 1"));
        assertEquals(add(a(), k()), value("y = a + k"));
    }

    @Test
    void arrayElementsAndFunctionCalls() {
        Function f = Fortran.ok("""
                function sq(x) result(r)
                  real(8), intent(in) :: x
                  real(8) :: r
                  r = x * x
                end function sq
                subroutine s(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(0:n, n, 2)
                  real(8), intent(inout) :: y
                  y = sq(x(n - 1, 2 * n, 1))
                end subroutine
                """).function("s").orElseThrow();
        Expr val = ((Assign) f.body().stmts().get(0)).value();
        var x = Fortran.var(f, "x");
        var n = Ir.v(Fortran.var(f, "n"));
        assertEquals(call("sq", Ir.el(x, sub(n, i(1)), mul(i(2), n), i(1))), val);
        assertEquals(List.of(), f.locals());
    }
}
