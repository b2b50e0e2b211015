package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;

/** Program units: modules with contains, functions with result names or prefix types, skipped main programs. */
class UnitsTest {

    @Test
    void moduleProceduresSeeModuleConstants() {
        var u = Fortran.parseUnit("""
                module physics
                  implicit none
                  real(8), parameter :: g = 9.81d0
                  integer, parameter :: nq = 9
                contains
                  subroutine fall(n, h)
                    integer, intent(in) :: n
                    real(8), intent(inout) :: h(nq, n)
                    h(1, 1) = h(1, 1) - g
                  end subroutine fall
                end module physics

                subroutine user(n, h)
                  use physics
                  integer, intent(in) :: n
                  real(8), intent(inout) :: h(nq, n)
                  call fall(n, h)
                end subroutine user
                """);
        assertFalse(u.result().hasErrors(), u.result().diagnostics().toString());
        TranslationUnit t = u.result().unit();
        assertEquals(TranslationUnit.Language.FORTRAN, t.language());
        assertEquals(List.of("fall", "user"), t.functions().stream().map(Function::name).toList());
        assertEquals("physics", u.procedure("fall").module());
        assertEquals(Ir.i(9), Fortran.var(t.function("user").orElseThrow(), "h").dims().get(0).extent());
        Assign a = (Assign) t.function("fall").orElseThrow().body().stmts().get(0);
        assertEquals(Ir.r(9.81), ((org.paradjoint.core.ir.Binary) a.value()).right());
    }

    @Test
    void functionsReturnTheirResultVariable() {
        TranslationUnit t = Fortran.ok("""
                real(8) function cube(x)
                  real(8), intent(in) :: x
                  cube = x * x * x
                end function cube
                function norm2d(a, b) result(r)
                  real(8), intent(in) :: a, b
                  real(8) :: r
                  r = sqrt(a*a + b*b)
                  if (r > 1.0d0) return
                  r = 1.0d0
                end function
                integer function twice(k)
                  integer, intent(in) :: k
                  twice = 2 * k
                end function
                """);
        Function cube = t.function("cube").orElseThrow();
        assertEquals(BaseType.DOUBLE, cube.returnType());
        assertEquals(List.of("cube"), cube.locals().stream().map(v -> v.name()).toList());
        Return last = (Return) cube.body().stmts().get(cube.body().stmts().size() - 1);
        assertEquals(new VarRef(Fortran.var(cube, "cube")), last.value());
        Function norm = t.function("norm2d").orElseThrow();
        assertEquals(4, norm.body().stmts().size(), "early return, assignment, final return");
        assertEquals(BaseType.INT, t.function("twice").orElseThrow().returnType());
    }

    @Test
    void mainProgramsAreSkippedWithAWarning() {
        var r = Fortran.parse("""
                program main
                  real(8) :: y(3)
                  call s(3, y)
                  print *, y
                end program main
                subroutine s(n, y)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: y(n)
                  y(1) = 1.0d0
                end subroutine
                """);
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        assertEquals(1, r.unit().functions().size());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("program-skipped")));
    }

    @Test
    void procedureWithoutArgumentsAndEmptyBody() {
        Function f = Fortran.fn("subroutine nothing\nend subroutine nothing\n");
        assertTrue(f.params().isEmpty());
        assertTrue(f.body().isEmpty());
    }

    @Test
    void coreDifferentiatesTheFortranIr() {
        TranslationUnit t = Fortran.ok("""
                !$ad gradient(y : x)
                subroutine s(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(0:n+1)
                  real(8), intent(inout) :: y(0:n+1)
                  integer :: i
                  !$omp parallel do private(i)
                  do i = 1, n
                    y(i) = x(i-1) * x(i+1) + sin(x(i)) ** 2
                  end do
                end subroutine
                """);
        for (var mode : org.paradjoint.core.transform.Mode.values()) {
            var r = org.paradjoint.core.transform.Differentiator.differentiate(t, "s", mode, null);
            assertFalse(r.hasErrors(), r.diagnostics().toString());
            assertEquals(org.paradjoint.core.ir.Layout.COLUMN_MAJOR, r.function().params().get(2).layout());
            assertEquals(Ir.i(0), r.function().params().get(2).dims().get(0).lower());
        }
    }
}
