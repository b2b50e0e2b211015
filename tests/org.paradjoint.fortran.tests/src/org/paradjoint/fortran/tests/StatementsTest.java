package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Ir.bin;
import static org.paradjoint.fortran.tests.Ir.el;
import static org.paradjoint.fortran.tests.Ir.i;
import static org.paradjoint.fortran.tests.Ir.v;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;

/** Executable statements: do loops, if constructs, logical if, call, return, continue. */
class StatementsTest {

    @Test
    void doLoopsWithSteps() {
        Function f = Fortran.fn("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: x(n)
                  integer :: i
                  do i = 1, n, 2
                    x(i) = 0.0d0
                  end do
                  do i = n, 1, -1
                    x(i) = 1.0d0
                  end do
                  do, i = 2, n - 1
                    x(i) = 2.0d0
                  enddo
                end subroutine
                """);
        For up = (For) f.body().stmts().get(0);
        assertEquals(Binary.Op.LE, up.cmp());
        assertEquals(2L, up.constantStep());
        For down = (For) f.body().stmts().get(1);
        assertEquals(Binary.Op.GE, down.cmp());
        assertEquals(-1L, down.constantStep());
        assertEquals(i(1), down.bound());
        For third = (For) f.body().stmts().get(2);
        assertEquals(bin(Binary.Op.SUB, v(Fortran.var(f, "n")), i(1)), third.bound());
        assertEquals(1L, third.constantStep());
    }

    @Test
    void nestedNamedLoops() {
        Function f = Fortran.fn("""
                subroutine s(n, a)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: a(n, n)
                  integer :: i, j
                  outer: do j = 1, n
                    inner: do i = 1, n
                      a(i, j) = a(i, j) * 0.5d0
                    end do inner
                  end do outer
                end subroutine
                """);
        For outer = (For) f.body().stmts().get(0);
        For inner = (For) outer.body().stmts().get(0);
        assertEquals("i", inner.counter().name());
        Assign a = (Assign) inner.body().stmts().get(0);
        assertEquals(el(Fortran.var(f, "a"), v(Fortran.var(f, "i")), v(Fortran.var(f, "j"))), a.target());
    }

    @Test
    void ifConstructWithElseIfChain() {
        Function f = Fortran.fn("""
                subroutine s(x, y)
                  real(8), intent(in) :: x
                  real(8), intent(inout) :: y
                  if (x > 1.0d0) then
                    y = 1.0d0
                  else if (x > 0.0d0) then
                    y = x
                  elseif (x > -1.0d0) then
                    y = -x
                  else
                    y = 0.0d0
                    y = y + 1.0d0
                  endif
                end subroutine
                """);
        If first = (If) f.body().stmts().get(0);
        If second = (If) first.otherwise().stmts().get(0);
        If third = (If) second.otherwise().stmts().get(0);
        assertEquals(2, third.otherwise().stmts().size());
        assertEquals(1, first.otherwise().stmts().size());
    }

    @Test
    void emptyElseIsKept() {
        Function f = Fortran.fn("""
                subroutine s(x, y)
                  real(8), intent(in) :: x
                  real(8), intent(inout) :: y
                  if (x > 1.0d0) then
                  else
                  end if
                  if (x > 2.0d0) then
                    y = x
                  end if
                end subroutine
                """);
        If a = (If) f.body().stmts().get(0);
        assertTrue(a.then().isEmpty());
        assertEquals(new Block(List.of()), a.otherwise());
        assertNull(((If) f.body().stmts().get(1)).otherwise());
    }

    @Test
    void logicalIfTakesOneStatement() {
        List<Stmt> s = Fortran.body("", "if (a < 0.0d0) a = -a\nif (k == 1) return\nif (n > 2) continue");
        If first = (If) s.get(0);
        assertEquals(1, first.then().stmts().size());
        assertNull(first.otherwise());
        assertTrue(((If) s.get(1)).then().stmts().get(0) instanceof Return);
        assertTrue(((If) s.get(2)).then().isEmpty());
    }

    @Test
    void callOfASubroutineInTheFile() {
        Function f = Fortran.ok("""
                subroutine axpy(n, a, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: a, x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i
                  do i = 1, n
                    y(i) = y(i) + a * x(i)
                  end do
                end subroutine
                subroutine twice(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  call axpy(n, 2.0d0, x, y)
                end subroutine
                """).function("twice").orElseThrow();
        CallStmt c = (CallStmt) f.body().stmts().get(0);
        assertEquals("axpy", c.call().name());
        assertEquals(v(Fortran.var(f, "x")), c.call().args().get(2));
    }

    @Test
    void returnAndContinue() {
        List<Stmt> s = Fortran.body("", "continue\na = 1.0d0\nreturn");
        assertEquals(2, s.size());
        assertEquals(new Return(null, s.get(1).range()), s.get(1));
    }

    @Test
    void labelFreeEndForms() {
        Function f = Fortran.fn("""
                subroutine s(x)
                  real(8), intent(inout) :: x
                  if (x > 0.0d0) then
                    x = 1.0d0
                  end if
                endsubroutine s
                """);
        assertEquals(1, f.body().stmts().size());
    }

    @Test
    void nonParallelInnerCounterStaysOutOfSequentialLoops() {
        Function f = Fortran.fn("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: x(n)
                  integer :: i, j
                  do i = 1, n
                    do j = i, n
                      x(j) = x(j) + x(i)
                    end do
                  end do
                end subroutine
                """);
        For outer = (For) f.body().stmts().get(0);
        assertNull(outer.omp());
        assertEquals(v(Fortran.var(f, "i")), ((For) outer.body().stmts().get(0)).lower());
    }
}
