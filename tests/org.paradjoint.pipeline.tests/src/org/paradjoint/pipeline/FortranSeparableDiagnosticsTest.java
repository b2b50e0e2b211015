package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * The separable mode's errors on Fortran input quote code, types and annotations in Fortran
 * ({@code s = s + term}, {@code real(8)}, {@code !$ad elemental}, {@code 0.0d0}), never in C
 * (no {@code [}, statements ending in {@code ;}, {@code #pragma}, {@code double}, pointers or
 * {@code ++}), at the line marked {@code ! err}, as {@link DiagnosticsTest} checks the C ones.
 */
class FortranSeparableDiagnosticsTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                error("elemental-update-form", "'s = s + term' (or 's = s - term')", null, """
                        subroutine f(n, x, y)
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8), intent(out) :: y
                          real(8) :: s
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          do i = 1, n
                            s = 2.0d0 * s + x(i) ! err
                          end do
                          !$ad partially_separable(s)
                          y = s
                        end subroutine f
                        """),
                error("missing-elemental-pragma", "'!$ad elemental'; mark the assignment that "
                        + "initialises it, e.g. 't = 0.0d0'", null, """
                        subroutine f(n, x, y) ! err
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8), intent(out) :: y
                          real(8) :: s, t
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          t = 0.0d0
                          do i = 1, n
                            s = s + x(i) * x(i)
                            t = t + x(i)
                          end do
                          !$ad partially_separable(s, t)
                          y = s + t
                        end subroutine f
                        """),
                error("no-partially-separable", "put '!$ad partially_separable(e1, e2, ...)' on", null,
                        """
                        subroutine f(n, x, y) ! err
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8), intent(out) :: y
                          real(8) :: s
                          integer :: i
                          s = 0.0d0
                          do i = 1, n
                            s = s + x(i) * x(i)
                          end do
                          y = s
                        end subroutine f
                        """),
                error("elemental-init-position", "a plain assignment 't = value' whose value", null,
                        """
                        subroutine f(n, x, y)
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8), intent(out) :: y
                          real(8) :: s, t
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          !$ad elemental ! err
                          t = s
                          do i = 1, n
                            s = s + x(i) * x(i)
                            t = t + x(i)
                          end do
                          !$ad partially_separable(s, t)
                          y = s + t
                        end subroutine f
                        """),
                error("combine-target", "a real dummy argument (or an element of one) with '=' (e.g. "
                        + "'f = area * (fquad + flin)'); here it writes 't'", null, """
                        subroutine f(n, x, y)
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8), intent(out) :: y
                          real(8) :: s, t
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          do i = 1, n
                            s = s + x(i) * x(i)
                          end do
                          !$ad partially_separable(s)
                          t = s ! err
                          y = t
                        end subroutine f
                        """),
                error("independent-shape", "one-dimensional real(8) array dummy argument of 'f' (e.g. "
                        + "'real(8), intent(in) :: c(n)')", List.of("c"), """
                        subroutine f(n, x, c, y) ! err
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n), c
                          real(8), intent(out) :: y
                          real(8) :: s
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          do i = 1, n
                            s = s + c * x(i)
                          end do
                          !$ad partially_separable(s)
                          y = s
                        end subroutine f
                        """),
                error("unsupported-return-value", "'f' is a function: the separable mode needs a subroutine",
                        null, """
                        function f(n, x) result(y) ! err
                          integer, intent(in) :: n
                          real(8), intent(in) :: x(n)
                          real(8) :: y, s
                          integer :: i
                          !$ad elemental
                          s = 0.0d0
                          do i = 1, n
                            s = s + x(i) * x(i)
                          end do
                          !$ad partially_separable(s)
                          y = s
                        end function f
                        """));
    }

    private static Arguments error(String code, String mentioned, List<String> independents, String source) {
        return Arguments.of(code, mentioned, independents, source);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void errorQuotesFortran(String code, String mentioned, List<String> independents, String source) {
        ParseResult parsed = new FortranFrontEnd().parse("t.f90", source);
        assertFalse(parsed.hasErrors(), () -> parsed.diagnostics() + "\n" + source);
        TranslationUnit unit = parsed.unit();
        SeparableOptions options = independents == null ? SeparableOptions.defaults()
                : SeparableOptions.defaults().withIndependents(independents);
        SeparableResult r = SeparableDifferentiator.differentiate(unit, "f", options,
                FortranSeparableGradient::generate);
        assertTrue(r.hasErrors(), () -> "expected " + code);
        assertTrue(r.files().isEmpty(), "no output with an error");
        Diagnostic first = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertEquals(code, first.code(), r.diagnostics().toString());
        assertTrue(first.message().contains(mentioned), () -> "the message names '" + mentioned + "': "
                + first.format());
        assertEquals(markedLine(source), first.range().line(), first::format);
        for (Diagnostic d : r.diagnostics()) {
            for (String c : List.of("[", ";'", "#pragma", "double", "*f", "++", "pointer parameter", "void")) {
                assertFalse(d.message().contains(c), () -> "C spelling '" + c + "' in " + d.format());
            }
        }
    }

    private static int markedLine(String source) {
        List<String> lines = source.lines().toList();
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).contains("! err")) {
                return k + 1;
            }
        }
        throw new AssertionError("no ! err line");
    }
}
