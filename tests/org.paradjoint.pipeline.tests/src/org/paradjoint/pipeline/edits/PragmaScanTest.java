package org.paradjoint.pipeline.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.pipeline.DerivativeGenerator;

class PragmaScanTest {

    private static final String TWO = """
            /* a { brace in a comment */
            #pragma ad tangent(y : x)
            void f(int n, double *y, const double *x)
            {
                const char *s = "}";
                for (int i = 0; i < n; i++) { y[i] = x[i]; }
            }

            struct pair { int a; } p;

            void g(int n, double *y, const double *x)
            {
            #pragma ad stencil adjoint(y:yb, x:xb)
            #pragma omp parallel for
                for (int i = 1; i < n - 1; i++) y[i] = x[i - 1] + x[i + 1];
            }

            void h(double *f, double a, double b)
            {
            #pragma $adic_partiallyseparable, a, b
                *f = a + b;
            }
            """;

    @Test
    void scopeIsTheDeclarationAroundTheCaret() {
        PragmaScan s = PragmaScan.of(TWO);
        assertEquals(Set.of(Annotation.TANGENT, Annotation.STENCIL, Annotation.PARTIALLY_SEPARABLE), s.all());
        assertEquals(Set.of(Annotation.TANGENT), s.at(TWO.indexOf("y[i] = x[i]")));
        assertEquals(Set.of(Annotation.STENCIL), s.at(TWO.indexOf("x[i - 1]")));
        assertEquals(Set.of(Annotation.PARTIALLY_SEPARABLE), s.at(TWO.indexOf("*f = a")));
        assertEquals(Set.of(), s.at(TWO.indexOf("int a;")));
    }

    @Test
    void entriesFollowTheAnnotations() {
        Set<Annotation> stencil = Set.of(Annotation.STENCIL);
        assertTrue(MenuOffers.offers(DerivativeGenerator.ADJOINT, stencil));
        assertTrue(MenuOffers.offers(DerivativeGenerator.ADJOINT_STENCIL, stencil));
        assertFalse(MenuOffers.offers(DerivativeGenerator.SEPARABLE_GRADIENT, stencil));
        Set<Annotation> tangent = Set.of(Annotation.TANGENT);
        assertTrue(MenuOffers.offers(DerivativeGenerator.TANGENT, tangent));
        assertFalse(MenuOffers.offers(DerivativeGenerator.ADJOINT, tangent));
        assertTrue(MenuOffers.offers(DerivativeGenerator.SEPARABLE_GRADIENT, Set.of(Annotation.PARTIALLY_SEPARABLE)));
        assertTrue(MenuOffers.annotatable(Set.of(Annotation.DISJOINT)));
        assertFalse(MenuOffers.annotatable(Set.of(Annotation.GRADIENT)));
    }

    @Test
    void mentionsAd() {
        assertTrue(PragmaScan.mentionsAd("  #  pragma ad gradient(y : x)\n"));
        assertFalse(PragmaScan.mentionsAd("#pragma omp parallel for\n// #pragma ad gradient\n"));
    }
}
