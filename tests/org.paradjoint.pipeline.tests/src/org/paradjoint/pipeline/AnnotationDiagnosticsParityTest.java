package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.fortran.FortranFrontEnd;

/**
 * The annotation language is one grammar (core's) for both front-ends: the same malformed
 * annotation gives the same diagnostic code, at the same place within the annotation, with the
 * same message but for the language's spelling (its quotes, its directive prefix, its subscripts
 * and its name).
 */
class AnnotationDiagnosticsParityTest {

    private static final String C = """
            void f(int n, double *y, const double *x, const int *c) {
            #pragma ad %s
            #pragma omp parallel for
              for (int i = 0; i < n; i++) y[i] = x[c[i]];
            }
            """;

    private static final String FORTRAN = """
            subroutine f(n, y, x, c)
              integer, intent(in) :: n
              real(8), intent(inout) :: y(n)
              real(8), intent(in) :: x(n)
              integer, intent(in) :: c(n)
              integer :: i
              !$ad %s
              !$omp parallel do
              do i = 1, n
                y(i) = x(c(i))
              end do
            end subroutine
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            gradient(y x)                          | malformed-pragma | between the dependents and the independents
            gradiant(y : x)                        | unknown-pragma   | unknown annotation
            gradient(y : z)                        | unknown-variable | unknown variable
            gradient( : x)                         | malformed-pragma | expected a dependent variable
            partially_separable()                  | malformed-pragma | expected an elemental variable
            gradient(y : x) extra                  | malformed-pragma | unexpected
            stencil adjoint(y = yb)                | malformed-pragma | between an array and its adjoint name
            stencil adjoint(y : yb) strategy(fast) | malformed-pragma | strategy must be
            stencil adjoint(n : nb)                | malformed-pragma | is a scalar
            disjoint(c[i], )                       | malformed-pragma | empty expression
            disjoint(c[i] +)                       | malformed-pragma | is not a C expression
            gradient(y : x                         | malformed-pragma | after the independents
            tangent                                | malformed-pragma | expected `(`
            """)
    void sameDiagnosticInCAndFortran(String annotation, String code, String mention) {
        Diagnostic c = first(new CFrontEnd().parse("f.c", C.formatted(annotation)).diagnostics());
        String fortranAnnotation = fortran(annotation);
        Diagnostic f = first(new FortranFrontEnd().parse("f.f90", FORTRAN.formatted(fortranAnnotation))
                .diagnostics());

        assertEquals(code, c.code(), c::toString);
        assertTrue(c.message().contains(mention), c::message);
        assertEquals(code, f.code(), f::toString);
        assertEquals(fortran(c.message()), f.message());
        String cLine = C.formatted(annotation).lines().toList().get(c.range().line() - 1);
        String fLine = FORTRAN.formatted(fortranAnnotation).lines().toList().get(f.range().line() - 1);
        // columns counted from the annotation's first word, "ad"
        assertEquals(c.range().column() - cLine.indexOf("ad "), f.range().column() - fLine.indexOf("ad "),
                () -> "the same place in the annotation: " + c.range() + " / " + f.range());
        assertEquals(c.range().length(), f.range().length(), () -> c.range() + " / " + f.range());
    }

    /** What the C text reads as in Fortran: quotes, directive prefix, subscripts and the language's name. */
    private static String fortran(String c) {
        return c.replace('`', '\'').replace("#pragma ", "!$").replace("c[i]", "c(i)").replace(" C expression",
                " Fortran expression");
    }

    private static Diagnostic first(List<Diagnostic> diagnostics) {
        assertFalse(diagnostics.isEmpty(), "expected a diagnostic");
        Diagnostic d = diagnostics.get(0);
        assertTrue(d.isError(), d::toString);
        return d;
    }
}
