package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;

/**
 * The restrictions of {@link DiagnosticsTest} on Fortran input: the same located error codes,
 * with the user's code quoted in Fortran ({@code u(i - 1)}, {@code real(8)}, {@code merge},
 * {@code !$ad}), never in C (no {@code [}, no {@code ?:}, no {@code #pragma}). Each case gives the
 * body of {@code subroutine f(n, m, r, u, k)} (r, u real(8) arrays, k an integer array) and marks
 * the offending line with {@code ! ERR}.
 */
class FortranDiagnosticsTest {

    static Stream<Arguments> restrictions() {
        return Stream.of(
                error("stencil-read-and-written", "'r(i - 1)' reads the array 'r'", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 1, n
                            r(i) = r(i - 1) + u(i) ! ERR
                          end do
                        """),
                error("stencil-offset", "index '2 * i' of the active read 'u(2 * i)'", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 0, m
                            r(i) = u(2 * i) + u(i) ! ERR
                          end do
                        """),
                error("stencil-output-index", "output 'r(i + 1)'", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 0, n - 1
                            r(i + 1) = u(i) ! ERR
                          end do
                        """),
                error("stencil-output-index", "accumulate with 'r(i) = r(i) + ...'", """
                          !$ad stencil adjoint(r:rb, u2:u2b)
                          do j = 0, n
                            do i = 0, n
                              r(i) = u2(i, j) ! ERR
                            end do
                          end do
                        """),
                error("stencil-index-order", "'u2(j, i)' indexes the dimensions of 'u2' by the counters (j, i)",
                        """
                          !$ad stencil adjoint(r2:r2b, u2:u2b)
                          do j = 0, n
                            do i = 0, n
                              r2(i, j) = u2(i, j) * u2(j, i) ! ERR
                            end do
                          end do
                        """),
                error("stencil-index-order", "index '0' of the active read 'u2(i, 0)'", """
                          !$ad stencil adjoint(r2:r2b, u2:u2b)
                          do j = 0, n
                            do i = 0, n
                              r2(i, j) = 2.0d0 * u2(i, 0) ! ERR
                            end do
                          end do
                        """),
                error("stencil-nonaffine-bound", "bound 'n * m' of the loop over 'i'", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 1, n * m ! ERR
                            r(i) = u(i - 1)
                          end do
                        """),
                error("stencil-nonaffine-bound", "bound 'max(n, m) - k(0)' of the loop over 'i'", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 1, max(n, m) - k(0) ! ERR
                            r(i) = u(i - 1)
                          end do
                        """),
                error("stencil-loop-step", "step 2", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 1, n, 2 ! ERR
                            r(i) = u(i - 1)
                          end do
                        """),
                error("stencil-not-perfect", "write it as merge(a, b, condition)", """
                          !$ad stencil adjoint(r:rb, u:ub)
                          do i = 1, n
                            if (u(i) > 0.0d0 .and. .not. u(i - 1) /= 1.0d0) then ! ERR
                              r(i) = u(i - 1)
                            end if
                          end do
                        """),
                error("stencil-mapping", "'k' is of type integer", """
                          !$ad stencil adjoint(r:rb, k:kb) ! ERR
                          do i = 1, n
                            r(i) = 2.0d0 * k(i - 1)
                          end do
                        """),
                error("stencil-openmp", "keep one `omp parallel do`", """
                          !$ad stencil adjoint(r2:r2b, u2:u2b)
                          !$omp parallel do private(i, j)
                          do j = 1, n
                            !$omp parallel do private(i) ! ERR
                            do i = 1, n
                              r2(i, j) = u2(i - 1, j)
                            end do
                            !$omp end parallel do
                          end do
                          !$omp end parallel do
                        """),
                error("stencil-no-pragma", "has no `!$ad stencil adjoint(...)` on a loop nest", """
                          do i = 1, n
                            r(i) = u(i - 1)
                          end do
                        """));
    }

    private static Arguments error(String code, String mentioned, String body) {
        return Arguments.of(code, mentioned, body);
    }

    /** The subroutine around {@code body}; the {@code ! ERR} line's number in it. */
    static String source(String body) {
        return """
                subroutine f(n, m, r, u, k, r2, u2, s)
                  implicit none
                  integer, intent(in) :: n, m
                  real(8), intent(inout) :: r(0:n), r2(0:n, 0:n)
                  real(8), intent(in) :: u(0:n), u2(0:n, 0:n), s
                  integer, intent(in) :: k(0:n)
                  integer :: i, j
                """ + body + """
                end subroutine f
                """;
    }

    static TranslationUnit parse(String source) {
        ParseResult r = new FortranFrontEnd().parse("t.f90", source);
        assertFalse(r.hasErrors(), () -> "front-end errors: " + r.diagnostics() + "\n" + source);
        return r.unit();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("restrictions")
    void restrictionIsALocatedErrorInFortranSpelling(String code, String mentioned, String body) {
        String source = source(body);
        DiffResult r = StencilDifferentiator.differentiate(parse(source), "f", StencilOptions.defaults());
        assertNull(r.function(), "no code is produced");
        List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
        assertFalse(errors.isEmpty(), "an error is reported");
        Diagnostic d = errors.get(0);
        assertEquals(code, d.code(), d::format);
        assertTrue(d.message().contains(mentioned), () -> "the message names '" + mentioned + "': " + d.format());
        for (Diagnostic e : errors) {
            for (String c : List.of("[", "?", "#pragma", "double", "&&", "!=", "omp parallel for")) {
                assertFalse(e.message().contains(c), () -> "C spelling '" + c + "' in " + e.format());
            }
        }
        if (!code.equals("stencil-no-pragma")) {
            assertEquals(markedLine(source), d.range().line(), () -> "located at the marked line: " + d.format());
        }
        assertTrue(d.range().column() > 0 || code.equals("stencil-no-pragma"), d::format);
    }

    private static int markedLine(String source) {
        List<String> lines = source.lines().toList();
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).contains("! ERR")) {
                return k + 1;
            }
        }
        throw new IllegalArgumentException("no ! ERR line");
    }
}
