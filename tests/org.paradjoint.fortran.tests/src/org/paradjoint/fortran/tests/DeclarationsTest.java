package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Ir.add;
import static org.paradjoint.fortran.tests.Ir.i;
import static org.paradjoint.fortran.tests.Ir.r;
import static org.paradjoint.fortran.tests.Ir.v;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Variable;

/** Specification parts: types and kinds, attributes and statements, bounds, constants. */
class DeclarationsTest {

    @Test
    void typesAndKinds() {
        Function f = Fortran.fn("""
                module kinds
                  integer, parameter :: dp = kind(1.0d0), sp = selected_real_kind(6)
                end module kinds
                subroutine s(a, b, c, d, e, g, h, k, l, m)
                  use kinds
                  use iso_fortran_env, only: real64
                  implicit none
                  real(8) :: a
                  real(kind=8) :: b
                  double precision :: c
                  real*8 :: d
                  real(dp) :: e
                  real(real64) :: g
                  real :: h
                  integer(8) :: k
                  real(sp) :: l
                  logical :: m
                end subroutine s
                """);
        List<BaseType> want = List.of(BaseType.DOUBLE, BaseType.DOUBLE, BaseType.DOUBLE, BaseType.DOUBLE,
                BaseType.DOUBLE, BaseType.DOUBLE, BaseType.FLOAT, BaseType.LONG, BaseType.FLOAT, BaseType.INT);
        assertEquals(want, f.params().stream().map(Variable::type).toList());
    }

    @Test
    void explicitLowerBoundsGiveExtents() {
        Function f = Fortran.fn("""
                subroutine s(n, m, a, b, c)
                  integer, intent(in) :: n, m
                  real(8), intent(inout) :: a(0:n+1), b(-1:n, m), c(2:5)
                end subroutine
                """);
        Variable a = Fortran.var(f, "a");
        Variable n = Fortran.var(f, "n");
        Variable m = Fortran.var(f, "m");
        assertEquals(List.of(new Dim(i(0), add(v(n), i(2)))), a.dims());
        assertEquals(List.of(new Dim(i(-1), add(v(n), i(2))), new Dim(i(1), v(m))), Fortran.var(f, "b").dims());
        assertEquals(List.of(new Dim(i(2), i(4))), Fortran.var(f, "c").dims());
        assertEquals(Layout.COLUMN_MAJOR, a.layout());
    }

    @Test
    void assumedShapeAndAssumedSize() {
        var u = Fortran.parseUnit("""
                subroutine s(x, y, z, w)
                  real(8), intent(in) :: x(:), y(0:), z(*), w(4, 0:*)
                end subroutine
                """);
        Function f = u.result().unit().functions().get(0);
        assertEquals(List.of(new Dim(i(1), null)), Fortran.var(f, "x").dims());
        assertEquals(List.of(new Dim(i(0), null)), Fortran.var(f, "y").dims());
        assertEquals(List.of(new Dim(i(1), null)), Fortran.var(f, "z").dims());
        assertEquals(List.of(new Dim(i(1), i(4)), new Dim(i(0), null)), Fortran.var(f, "w").dims());
        assertEquals(Set.of("x", "y"), u.procedure("s").assumedShape());
        assertNull(u.procedure("s").module());
    }

    @Test
    void intentInMakesConst() {
        Function f = Fortran.fn("""
                subroutine s(a, b, c, d)
                  real(8), intent(in) :: a
                  real(8), intent(out) :: b
                  real(8), intent(in out) :: c
                  real(8) :: d
                end subroutine
                """);
        assertEquals(List.of(true, false, false, false), f.params().stream().map(Variable::isConst).toList());
        assertTrue(f.params().stream().allMatch(Variable::isParameter));
    }

    @Test
    void dimensionAndIntentStatementsAndAttributes() {
        Function f = Fortran.fn("""
                subroutine s(n, a, b)
                  implicit none
                  integer :: n
                  real(8) :: a, b
                  dimension a(n), b(n, 2)
                  intent(in) :: n, a
                  real(8), dimension(3) :: w
                  real(8), dimension(n) :: t, u(2)
                  w(1) = a(1) + b(1, 1) + t(1) + u(2)
                end subroutine
                """);
        assertTrue(Fortran.var(f, "a").isConst());
        assertEquals(2, Fortran.var(f, "b").rank());
        assertEquals(List.of(new Dim(i(1), i(3))), Fortran.var(f, "w").dims());
        assertEquals(List.of(new Dim(i(1), v(Fortran.var(f, "n")))), Fortran.var(f, "t").dims());
        assertEquals(List.of(new Dim(i(1), i(2))), Fortran.var(f, "u").dims());
        assertEquals(List.of("w", "t", "u"), f.locals().stream().map(Variable::name).toList());
    }

    @Test
    void namedConstantsAreSubstituted() {
        Function f = Fortran.fn("""
                subroutine s(a, x)
                  implicit none
                  integer, parameter :: n = 4, m = 2 * n + 1
                  real(8), parameter :: half = 0.5d0, two = 2
                  integer :: k
                  parameter (k = m - 1)
                  real(8), intent(inout) :: a
                  real(8), intent(in) :: x(m)
                  a = half * x(m) + two + k
                end subroutine
                """);
        assertEquals(List.of(new Dim(i(1), i(9))), Fortran.var(f, "x").dims());
        Assign a = (Assign) f.body().stmts().get(0);
        assertEquals(add(add(Ir.mul(r(0.5), Ir.el(Fortran.var(f, "x"), i(9))), r(2.0)), i(8)), a.value());
        assertTrue(f.locals().isEmpty(), "constants are not variables: " + f.locals());
    }

    @Test
    void logicalVariablesAreIntegers() {
        Function f = Fortran.fn("""
                subroutine s(x, y)
                  real(8), intent(in) :: x
                  real(8), intent(inout) :: y
                  logical :: pos
                  pos = x > 0.0d0
                  if (pos .and. .true.) y = x
                end subroutine
                """);
        assertEquals(BaseType.INT, Fortran.var(f, "pos").type());
        var branch = (org.paradjoint.core.ir.If) f.body().stmts().get(1);
        assertEquals(Ir.bin(org.paradjoint.core.ir.Binary.Op.AND, v(Fortran.var(f, "pos")), i(1)), branch.cond());
    }

    @Test
    void automaticLocalArraysKeepTheirExtentExpressions() {
        Function f = Fortran.fn("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: x(n)
                  real(8) :: work(0:n-1)
                  work(0) = x(1)
                  x(n) = work(0)
                end subroutine
                """);
        Variable w = Fortran.var(f, "work");
        assertFalse(w.isParameter());
        assertEquals(List.of(new Dim(i(0), v(Fortran.var(f, "n")))), w.dims());
    }

    @Test
    void declarationsInAnyOrderBeforeTheBody() {
        Function f = Fortran.fn("""
                subroutine s(x, n)
                  real(8), intent(inout) :: x(n)
                  integer, intent(in) :: n
                  x(1) = n
                end subroutine
                """);
        assertEquals(List.of("x", "n"), f.params().stream().map(Variable::name).toList());
        assertEquals(v(Fortran.var(f, "n")), Fortran.var(f, "x").dims().get(0).extent());
    }
}
