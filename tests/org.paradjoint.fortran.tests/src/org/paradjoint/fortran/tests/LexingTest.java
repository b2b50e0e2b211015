package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Ir.add;
import static org.paradjoint.fortran.tests.Ir.bin;
import static org.paradjoint.fortran.tests.Ir.el;
import static org.paradjoint.fortran.tests.Ir.i;
import static org.paradjoint.fortran.tests.Ir.mul;
import static org.paradjoint.fortran.tests.Ir.r;
import static org.paradjoint.fortran.tests.Ir.v;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.fortran.FortranFrontEnd;

/** Free-form lexing: case, continuations, comments, statement separators, names that are keywords elsewhere. */
class LexingTest {

    @Test
    void caseIsIgnoredAndNamesAreLowerCase() {
        Function f = Fortran.fn("""
                SUBROUTINE Scale(N, X)
                  IMPLICIT NONE
                  INTEGER, INTENT(IN) :: N
                  REAL(8), INTENT(INOUT) :: X(N)
                  INTEGER :: I
                  DO I = 1, n
                    x(i) = 2.0D0 * X(I)
                  END DO
                END SUBROUTINE SCALE
                """);
        assertEquals("scale", f.name());
        assertEquals(List.of("n", "x"), f.params().stream().map(p -> p.name()).toList());
        For loop = (For) f.body().stmts().get(0);
        Assign a = (Assign) loop.body().stmts().get(0);
        assertEquals(mul(r(2.0), el(Fortran.var(f, "x"), v(Fortran.var(f, "i")))), a.value());
    }

    @Test
    void keywordsAreOrdinaryNames() {
        Function f = Fortran.fn("""
                subroutine s(do, if, end)
                  implicit none
                  integer, intent(in) :: do
                  real(8), intent(inout) :: if(do)
                  real(8), intent(in) :: end
                  integer :: then, real, call
                  real = 1
                  do then = 1, do
                    call = then
                    if (if(then) > end) if(then) = end
                  end do
                end subroutine s
                """);
        assertEquals(List.of("do", "if", "end"), f.params().stream().map(p -> p.name()).toList());
        assertTrue(f.body().stmts().get(0) instanceof Assign);
        For loop = (For) f.body().stmts().get(1);
        assertEquals("then", loop.counter().name());
        assertTrue(loop.body().stmts().get(1) instanceof If);
    }

    @Test
    void continuationInTheMiddleOfAnExpression() {
        List<Stmt> s = Fortran.body("", """
                a = x(1) + &
                    x(2) * &   ! a comment after the ampersand
                    ! a whole comment line inside the statement

                    x(3)
                """);
        Function f = Fortran.fn("subroutine s(n, x, a)\n integer, intent(in) :: n\n real(8), intent(in) :: x(n)\n"
                + " real(8) :: a\n a = x(1) + x(2) * x(3)\nend subroutine\n");
        assertEquals(((Assign) f.body().stmts().get(0)).value(), ((Assign) s.get(0)).value());
    }

    @Test
    void continuationSplittingATokenWithLeadingAmpersand() {
        Function f = Fortran.fn("""
                subroutine s(longname, out)
                  real(8), intent(in) :: longname
                  real(8), intent(inout) :: out
                  out = long&
                        &name * 2.5&
                        &d0
                end subroutine
                """);
        Assign a = (Assign) f.body().stmts().get(0);
        assertEquals(mul(v(Fortran.var(f, "longname")), r(2.5)), a.value());
    }

    @Test
    void semicolonsSeparateStatements() {
        List<Stmt> s = Fortran.body("", "a = 1.0d0; k = 2 ; a = a + k   ; ");
        assertEquals(3, s.size());
    }

    @Test
    void dottedOperatorsBeatDecimalPoints() {
        List<Stmt> s = Fortran.body("logical :: p", """
                p = 1.eq.k .and. 2.5d0.lt.a
                a = 1.e2 + 1.d0
                """);
        Assign p = (Assign) s.get(0);
        Binary and = (Binary) p.value();
        assertEquals(Binary.Op.AND, and.op());
        assertEquals(bin(Binary.Op.EQ, i(1), v("k", org.paradjoint.core.ir.BaseType.INT)), and.left());
        assertEquals(Binary.Op.LT, ((Binary) and.right()).op());
        assertEquals(add(r(100.0), r(1.0)), ((Assign) s.get(1)).value());
    }

    @Test
    void realLiteralForms() {
        List<Stmt> s = Fortran.body("", """
                a = .5d0
                a = 2.d-3
                a = 1.5_8
                a = 3D2
                a = 0.25
                """);
        double[] want = {0.5, 2e-3, 1.5, 300.0, 0.25};
        for (int k = 0; k < want.length; k++) {
            assertEquals(r(want[k]), ((Assign) s.get(k)).value(), "literal " + k);
        }
    }

    @Test
    void defaultKindLiteralsAreSinglePrecisionWithAWarning() {
        var r = Fortran.parse("subroutine s(a)\n real(8) :: a\n a = 0.1\n a = 0.5\nend subroutine\n");
        assertFalse(r.hasErrors());
        var warnings = r.diagnostics().stream()
                .filter(d -> d.code().equals("single-precision-literal")).toList();
        assertEquals(1, warnings.size(), r.diagnostics().toString());
        assertEquals(3, warnings.get(0).range().line());
        assertTrue(warnings.get(0).message().contains("0.1d0"));
        Assign a = (Assign) r.unit().functions().get(0).body().stmts().get(0);
        assertEquals(r((double) 0.1f), a.value());
    }

    @Test
    void directivesContinueWithTheSentinel() {
        Function f = Fortran.fn("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: x(n)
                  integer :: i
                  real(8) :: t
                  !$OMP PARALLEL DO &
                  !$OMP& PRIVATE(i, &
                  !$omp    t) &
                  !$omp shared(x)
                  do i = 1, n
                    t = x(i)
                    x(i) = t * t
                  end do
                  !$omp end parallel do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertEquals(List.of("i", "t"), loop.omp().privates().stream().map(p -> p.name()).toList());
        assertEquals(List.of("x"), loop.omp().shared().stream().map(p -> p.name()).toList());
    }

    @Test
    void adAnnotationsContinueToo() {
        Function f = Fortran.fn("""
                !$ad gradient(y : &
                !$ad&   x)
                subroutine s(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  y(1) = x(1) * x(1)
                end subroutine
                """);
        var g = (org.paradjoint.core.ir.AdPragma.Gradient) f.pragmas().get(0);
        assertEquals(List.of("y"), g.dependents());
        assertEquals(List.of("x"), g.independents());
        assertEquals(1, g.range().line());
    }

    @Test
    void conditionalCompilationLinesAreCode() {
        Function f = Fortran.fn("""
                subroutine s(a)
                  !$ use omp_lib
                  implicit none
                  real(8), intent(inout) :: a
                  !$ a = 2.0d0 * a
                  !dir$ vector aligned
                end subroutine
                """);
        assertEquals(1, f.body().stmts().size());
    }

    @Test
    void rangesPointAtTheSource() {
        Function f = Fortran.fn("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: x(n)
                  integer :: i
                  do i = 1, n
                    x(i) = &
                      x(i) + 1.0d0
                  end do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertEquals(5, loop.range().line());
        assertEquals(8, loop.range().endLine());
        Assign a = (Assign) loop.body().stmts().get(0);
        assertEquals(6, a.range().line());
        assertEquals(5, a.range().column());
        assertEquals(7, a.range().endLine());
        assertEquals(3, Fortran.var(f, "x").range().line());
        assertEquals(1, f.range().line());
        assertEquals(9, f.range().endLine());
    }

    @Test
    void acceptsFreeFormExtensionsOnly() {
        FortranFrontEnd fe = new FortranFrontEnd();
        for (String ok : List.of("a.f90", "b.F90", "c.f95", "d.f03", "e.F08", "dir.x/f.f90")) {
            assertTrue(fe.accepts(ok), ok);
        }
        for (String no : List.of("a.c", "a.f", "a.for", "f90", "a.f90.bak")) {
            assertFalse(fe.accepts(no), no);
        }
    }
}
