package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Variable;

/** {@code !$omp parallel do} with its clauses, {@code !$omp atomic}, and the {@code !$ad} annotations. */
class DirectivesTest {

    private static List<String> names(List<Variable> vs) {
        return vs.stream().map(Variable::name).toList();
    }

    @Test
    void parallelDoWithEveryClause() {
        Function f = Fortran.fn("""
                subroutine s(n, x, y, total)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n), total
                  integer :: i, j
                  real(8) :: t, scale
                  scale = 2.0d0
                  total = 0.0d0
                  !$omp parallel do default(shared) private(i, t) firstprivate(scale) shared(x, y) &
                  !$omp reduction(+:total) schedule(static, 4) collapse(1)
                  do i = 1, n
                    t = scale * x(i)
                    do j = 1, 2
                      y(i) = y(i) + t
                    end do
                    total = total + t
                  end do
                  !$omp end parallel do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(2);
        OmpParallelFor omp = loop.omp();
        assertEquals(List.of("i", "t", "j"), names(omp.privates()), "inner loop counters are private in Fortran");
        assertEquals(List.of("scale"), names(omp.firstprivates()));
        assertEquals(List.of("x", "y"), names(omp.shared()));
        assertEquals(1, omp.reductions().size());
        assertEquals("+", omp.reductions().get(0).op());
        assertEquals(List.of("total"), names(omp.reductions().get(0).vars()));
        assertEquals("static, 4", omp.schedule());
        assertEquals(1, omp.collapse());
        assertEquals("shared", omp.defaultSharing());
        assertEquals(9, loop.range().line(), "the loop's range starts at its directive");
    }

    @Test
    void endParallelDoIsOptionalAndReductionOperatorsMapToC() {
        Function f = Fortran.fn("""
                subroutine s(n, x, big, all)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: big
                  logical, intent(inout) :: all
                  integer :: i
                  !$omp parallel do reduction(max: big) reduction(.and.: all)
                  do i = 1, n
                    big = max(big, x(i))
                    all = all .and. x(i) > 0.0d0
                  end do
                  big = big + 1.0d0
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertEquals(List.of("max", "&&"), loop.omp().reductions().stream().map(OmpParallelFor.Reduction::op).toList());
        assertEquals(2, f.body().stmts().size());
    }

    @Test
    void atomicUpdateBecomesAnAtomicIncrement() {
        Function f = Fortran.fn("""
                subroutine s(n, c, x, y)
                  integer, intent(in) :: n, c(n)
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i
                  !$omp parallel do
                  do i = 1, n
                    !$omp atomic
                    y(c(i)) = y(c(i)) + 2.0d0 * x(i)
                    !$omp atomic update
                    y(i) = y(i) - x(i)
                  end do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        Assign a = (Assign) loop.body().stmts().get(0);
        assertTrue(a.atomic());
        assertEquals(Assign.Op.ADD, a.op());
        assertEquals(Ir.mul(Ir.r(2.0), Ir.el(Fortran.var(f, "x"), Ir.v(Fortran.var(f, "i")))), a.value());
        Assign b = (Assign) loop.body().stmts().get(1);
        assertEquals(Assign.Op.SUB, b.op());
        assertTrue(b.atomic());
    }

    @Test
    void gradientBeforeTheSubroutineAndInTheSpecificationPart() {
        var u = Fortran.ok("""
                !$ad gradient(y : x)
                subroutine a(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  y(1) = x(1) ** 2
                end subroutine
                subroutine b(n, x, y)
                  integer, intent(in) :: n
                  !$ad tangent(y : x)
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  y(1) = sin(x(1))
                end subroutine
                """);
        assertTrue(u.function("a").orElseThrow().pragmas().get(0) instanceof AdPragma.Gradient);
        AdPragma.Tangent t = (AdPragma.Tangent) u.function("b").orElseThrow().pragmas().get(0);
        assertEquals(List.of("x"), t.independents());
    }

    @Test
    void annotationsOnLoopsAndAssignments() {
        Function f = Fortran.fn("""
                subroutine s(n, c, x, y, e1, e2, f)
                  integer, intent(in) :: n, c(n)
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n), e1, e2, f
                  integer :: i
                  !$ad stencil adjoint(y:yb, x:xb) strategy(guarded)
                  !$ad disjoint(c(i), 2 * i + 1)
                  !$omp parallel do private(i)
                  do i = 2, n - 1
                    y(i) = x(i - 1) + x(i + 1)
                  end do
                  !$omp end parallel do
                  !$ad elemental
                  e1 = x(1) * x(2)
                  e2 = x(2) * x(3)
                  !$ad partially_separable(e1, e2)
                  f = e1 + e2
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertEquals(2, loop.pragmas().size());
        AdPragma.StencilAdjoint st = (AdPragma.StencilAdjoint) loop.pragmas().get(0);
        assertEquals("guarded", st.strategy());
        assertEquals(List.of(new AdPragma.StencilAdjoint.Mapping("y", "yb"), new AdPragma.StencilAdjoint.Mapping("x",
                "xb")), st.mappings());
        AdPragma.Disjoint d = (AdPragma.Disjoint) loop.pragmas().get(1);
        assertEquals(Ir.el(Fortran.var(f, "c"), Ir.v(Fortran.var(f, "i"))), d.expressions().get(0));
        assertTrue(((Assign) f.body().stmts().get(1)).pragmas().get(0) instanceof AdPragma.Elemental);
        AdPragma.PartiallySeparable ps = (AdPragma.PartiallySeparable) ((Assign) f.body().stmts().get(3)).pragmas()
                .get(0);
        assertEquals(List.of("e1", "e2"), ps.elementals());
        assertEquals(4, f.pragmas().size(), "the function collects every annotation");
    }

    @Test
    void annotationKeywordsInAnyCaseAndContinued() {
        Function f = Fortran.fn("""
                subroutine s(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i
                  !$AD Stencil Adjoint(Y : yb, &
                  !$ad&  X:xb) STRATEGY(Split)
                  do i = 2, n - 1
                    y(i) = x(i - 1) + x(i + 1)
                  end do
                end subroutine
                """);
        AdPragma.StencilAdjoint st = (AdPragma.StencilAdjoint) ((For) f.body().stmts().get(0)).pragmas().get(0);
        assertEquals("split", st.strategy());
        assertEquals(List.of(new AdPragma.StencilAdjoint.Mapping("y", "yb"), new AdPragma.StencilAdjoint.Mapping("x",
                "xb")), st.mappings());
    }

    @Test
    void collapsedNest() {
        Function f = Fortran.fn("""
                subroutine s(n, a)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: a(n, n)
                  integer :: i, j
                  !$omp parallel do collapse(2)
                  do j = 1, n
                    do i = 1, n
                      a(i, j) = 0.0d0
                    end do
                  end do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertEquals(2, loop.omp().collapse());
        assertEquals(List.of("i"), names(loop.omp().privates()));
        assertNull(((For) loop.body().stmts().get(0)).omp());
    }

    @Test
    void directiveOrderDoesNotMatter() {
        Function f = Fortran.fn("""
                subroutine s(n, x, y)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i
                  !$omp parallel do private(i)
                  !$ad gradient(y : x)
                  do i = 1, n
                    y(i) = exp(x(i))
                  end do
                end subroutine
                """);
        For loop = (For) f.body().stmts().get(0);
        assertTrue(loop.isParallel());
        assertEquals(1, loop.pragmas().size());
        assertEquals(BaseType.DOUBLE, Fortran.var(f, "y").type());
        assertEquals(Binary.Op.LE, loop.cmp());
    }
}
