package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.fortran.lower.CInterfaceModule;
import org.paradjoint.fortran.lower.CLayout;

/** The lowering of Fortran procedures to C's conventions, and the interfaces of the result. */
class CLayoutTest {

    private static final String KERNEL = """
            subroutine kernel(n, m, a, b, f, k)
              implicit none
              integer, intent(in) :: n, m
              real(8), intent(in) :: a(0:n, m), b(-1:n)
              real(8), intent(inout) :: f
              integer, intent(out) :: k
              integer :: i, j
              do j = 1, m
                do i = 0, n
                  f = f + a(i, j) * b(i - 1)
                end do
              end do
              k = m
            end subroutine kernel
            """;

    @Test
    void subscriptsCountFromZeroInRowMajorOrder() {
        CLayout.Result r = CLayout.of(FortranSeparableTest.fortran("k.f90", KERNEL));
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        assertEquals(TranslationUnit.Language.C, r.unit().language());
        Function f = r.unit().function("kernel").orElseThrow();
        String c = CPrinter.print(f).replaceAll("\\s+", " ");
        assertTrue(c.contains("void kernel(const int n, const int m, const double a[m][n + 1], const double b[n + 2], "
                + "double *f, int *k)"), c);
        // a(i, j) of a(0:n, m) is a[j - 1][i]; b(i - 1) of b(-1:n) is b[i]
        assertTrue(c.contains("a[j - 1][i] * b[i]"), c);
        assertTrue(c.contains("k[0] = m;") || c.contains("*k = m;"), c);
        assertTrue(f.params().stream().allMatch(v -> v.layout() == Layout.ROW_MAJOR), f.params().toString());
        assertEquals(Set.of("f", "k"), r.byReference("kernel"));
        String mod = CInterfaceModule.print("kernel_mod", "interfaces", List.of(CInterfaceModule.Entry.subroutine(
                "kernel", f.params(), r.byReference("kernel"))));
        assertTrue(mod.contains("real(c_double), intent(in) :: a(*)\n"), mod);
        assertTrue(mod.contains("real(c_double), intent(inout) :: f\n"), mod);
        assertTrue(mod.contains("integer(c_int), intent(inout) :: k\n"), mod);
        assertTrue(mod.contains("integer(c_int), value, intent(in) :: n\n"), mod);
    }

    @Test
    void whatCCannotDeclareIsALocatedError() {
        assertError("c-layout-unknown-extent", 4, """
                subroutine s(a, f)
                  implicit none
                  real(8), intent(inout) :: f(1)
                  real(8), intent(in) :: a(:, :)
                  f(1) = a(1, 1)
                end subroutine s
                """);
        assertError("c-layout-extent-order", 3, """
                subroutine s(a, n, f)
                  implicit none
                  real(8), intent(in) :: a(n, 2)
                  integer, intent(in) :: n
                  real(8), intent(inout) :: f(1)
                  f(1) = a(n, 2)
                end subroutine s
                """);
        // x(n) before n: the leading extent is dropped (const double *x); n is then unused in C
        assertError("c-layout-unused-dummy", 2, """
                subroutine s(x, n, f)
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: f(1)
                  f(1) = x(1)
                end subroutine s
                """);
        assertError("c-layout-reserved-name", 4, """
                subroutine s(f)
                  implicit none
                  real(8), intent(inout) :: f(1)
                  real(8) :: static
                  static = 2.0d0
                  f(1) = static
                end subroutine s
                """);
        assertError("c-layout-reference-scalar", 5, """
                subroutine s(i, f)
                  implicit none
                  integer, intent(inout) :: i
                  real(8), intent(inout) :: f(3)
                  do i = 1, 3
                    f(i) = 0.0d0
                  end do
                end subroutine s
                """);
    }

    private static void assertError(String code, int line, String text) {
        CLayout.Result r = CLayout.of(FortranSeparableTest.fortran("s.f90", text));
        assertTrue(r.hasErrors(), text);
        assertTrue(r.unit().functions().isEmpty());
        Diagnostic d = r.diagnostics().get(0);
        assertEquals(code, d.code(), r.diagnostics().toString());
        assertEquals(line, d.range().line(), d.toString());
    }
}
