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
 * The annotation language is one grammar (core's) for both front-ends: the same malformed or
 * misplaced annotation gives the same diagnostic code, at the same place, with the same message
 * but for the language's spelling (quotes, directive prefix, subscripts, the language's name,
 * what functions and loops are called).
 */
class AnnotationDiagnosticsParityTest {

    /** A gather loop; the directive lines go before the function and before the loop. */
    private static final String C = """
            %s
            void f(int n, double *y, const double *x, const int *c) {
            %s
              for (int i = 0; i < n; i++) y[i] = x[c[i]];
            }
            """;

    private static final String FORTRAN = """
            %s
            subroutine f(n, y, x, c)
              integer, intent(in) :: n
              real(8), intent(inout) :: y(n)
              real(8), intent(in) :: x(n)
              integer, intent(in) :: c(n)
              integer :: i
            %s
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
    void sameErrorInCAndFortran(String annotation, String code, String mention) {
        String cSource = C.formatted("", "#pragma ad " + annotation + "\n#pragma omp parallel for");
        String fSource = FORTRAN.formatted("", "  !$ad " + fortran(annotation) + "\n  !$omp parallel do");
        Diagnostic c = first(new CFrontEnd().parse("f.c", cSource).diagnostics());
        Diagnostic f = first(new FortranFrontEnd().parse("f.f90", fSource).diagnostics());

        assertEquals(code, c.code(), c::toString);
        assertTrue(c.message().contains(mention), c::message);
        assertEquals(code, f.code(), f::toString);
        assertEquals(fortran(c.message()), f.message());
        // columns counted from the annotation's first word, "ad"
        assertEquals(c.range().column() - line(cSource, c).indexOf("ad "),
                f.range().column() - line(fSource, f).indexOf("ad "),
                () -> "the same place in the annotation: " + c.range() + " / " + f.range());
        assertEquals(c.range().length(), f.range().length(), () -> c.range() + " / " + f.range());
    }

    /** Annotations before a serial loop, or before the function, that do not fit there. */
    @ParameterizedTest(name = "{0} before the {1}")
    @CsvSource(delimiter = '|', textBlock = """
            elemental               | loop     | the assignment that initialises an elemental
            partially_separable(y)  | loop     | the assignment that combines the elementals
            disjoint(c[i])          | loop     | add `#pragma omp parallel for`
            elemental               | function | cannot apply to a function definition
            disjoint(c[i])          | function | applies to an OpenMP parallel loop
            stencil adjoint(y : yb) | function | a gather loop nest
            """)
    void sameMisplacementInCAndFortran(String annotation, String site, String mention) {
        boolean loop = site.equals("loop");
        String cAd = "#pragma ad " + annotation;
        String fAd = "!$ad " + fortran(annotation);
        String cSource = loop ? C.formatted("", cAd) : C.formatted(cAd, "");
        String fSource = loop ? FORTRAN.formatted("", "  " + fAd) : FORTRAN.formatted(fAd, "");
        Diagnostic c = first(new CFrontEnd().parse("f.c", cSource).diagnostics());
        Diagnostic f = first(new FortranFrontEnd().parse("f.f90", fSource).diagnostics());

        assertEquals("misplaced-pragma", c.code(), c::toString);
        assertTrue(c.message().contains(mention), c::message);
        assertEquals("misplaced-pragma", f.code(), f::toString);
        assertEquals(fortran(c.message()), f.message());
        assertEquals(line(cSource, c).indexOf(cAd) + 1, c.range().column(), c.range()::toString);
        assertEquals(line(fSource, f).indexOf(fAd) + 1, f.range().column(), f.range()::toString);
    }

    /**
     * What the C text reads as in Fortran: quotes, directive prefix, subscripts, the language's
     * name, what functions and loops are called and the parallel loop's directive.
     */
    private static String fortran(String c) {
        return c.replace('`', '\'').replace("#pragma ", "!$").replace("c[i]", "c(i)")
                .replace(" C expression", " Fortran expression").replace("a function definition", "a subroutine")
                .replace("a for loop", "a do loop").replace("omp parallel for", "omp parallel do");
    }

    private static String line(String source, Diagnostic d) {
        return source.lines().toList().get(d.range().line() - 1);
    }

    private static Diagnostic first(List<Diagnostic> diagnostics) {
        assertFalse(diagnostics.isEmpty(), "expected a diagnostic");
        Diagnostic d = diagnostics.get(0);
        assertTrue(d.isError(), d::toString);
        return d;
    }
}
