package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.stencil.StencilOptions.Strategy;

/**
 * The boundary strategy is {@code split} or {@code guarded}, nothing else: an unknown value is
 * an {@link IllegalArgumentException} naming both, and a pragma's unknown {@code strategy(...)} a
 * located error (from the front-ends, and from the transformation for IR built otherwise).
 */
class StrategyTest {

    static final String C_SOURCE = """
            void f(int n, double *r, const double *u)
            {
                int i;
            #pragma ad stencil adjoint(r:rb, u:ub) strategy(%s)
                for (i = 1; i < n; i++)
                    r[i] = u[i - 1];
            }
            """;

    static final String FORTRAN_SOURCE = """
            subroutine f(n, r, u)
              implicit none
              integer, intent(in) :: n
              real(8), intent(inout) :: r(0:n)
              real(8), intent(in) :: u(0:n)
              integer :: i
              !$ad stencil adjoint(r:rb, u:ub) strategy(%s)
              do i = 1, n
                r(i) = u(i - 1)
              end do
            end subroutine f
            """;

    @Test
    void ofKnowsExactlyTheTwoStrategies() {
        assertEquals(Strategy.SPLIT, Strategy.of(null));
        assertEquals(Strategy.SPLIT, Strategy.of("split"));
        assertEquals(Strategy.GUARDED, Strategy.of("guarded"));
        for (String bad : List.of("bogus", "", "Guarded", "SPLIT")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strategy.of(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'") && e.getMessage().contains("split")
                    && e.getMessage().contains("guarded"), e.getMessage());
        }
        for (Strategy s : Strategy.values()) {
            assertEquals(s, Strategy.of(s.spelling()));
        }
    }

    @Test
    void frontEndsRejectAnUnknownPragmaStrategyAtItsPlace() {
        ParseResult c = new CFrontEnd().parse("t.c", C_SOURCE.formatted("bogus"));
        ParseResult fortran = new FortranFrontEnd().parse("t.f90", FORTRAN_SOURCE.formatted("bogus"));
        for (ParseResult r : List.of(c, fortran)) {
            Diagnostic d = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
            assertEquals(r == c ? 4 : 7, d.range().line(), d::format);
            assertTrue(d.message().contains("split") && d.message().contains("guarded"), d::format);
        }
    }

    @Test
    void unknownStrategyInTheIrIsALocatedErrorNamingTheAllowedValues() {
        TranslationUnit c = Variants.parse("t.c", C_SOURCE.formatted("guarded"));
        ParseResult f = new FortranFrontEnd().parse("t.f90", FORTRAN_SOURCE.formatted("guarded"));
        assertFalse(f.hasErrors(), f.diagnostics()::toString);
        for (TranslationUnit unit : List.of(c, f.unit())) {
            assertFalse(StencilDifferentiator.differentiate(unit, "f", StencilOptions.defaults()).hasErrors());
            TranslationUnit bogus = withStrategy(unit, "bogus");
            for (StencilOptions o : List.of(StencilOptions.defaults(),
                    StencilOptions.defaults().withStrategy(Strategy.SPLIT))) {
                DiffResult r = StencilDifferentiator.differentiate(bogus, "f", o);
                assertNull(r.function());
                Diagnostic d = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
                assertEquals("stencil-strategy", d.code(), d::format);
                assertEquals(unit == c ? 4 : 7, d.range().line(), d::format);
                assertTrue(d.message().contains("bogus") && d.message().contains("split, guarded"), d::format);
                assertTrue(d.message().contains(unit == c ? "#pragma ad stencil adjoint" : "!$ad stencil adjoint"),
                        d::format);
            }
        }
    }

    /** {@code unit} with the strategy of its stencil pragma replaced. */
    private static TranslationUnit withStrategy(TranslationUnit unit, String strategy) {
        Function f = unit.function("f").orElseThrow();
        AdPragma.StencilAdjoint old = f.pragmas().stream().filter(AdPragma.StencilAdjoint.class::isInstance)
                .map(AdPragma.StencilAdjoint.class::cast).findFirst().orElseThrow();
        AdPragma.StencilAdjoint changed = new AdPragma.StencilAdjoint(old.mappings(), strategy, old.range());
        List<AdPragma> pragmas = f.pragmas().stream().map(p -> p == old ? (AdPragma) changed : p).toList();
        List<Stmt> body = f.body().stmts().stream().map(s -> s instanceof For loop && loop.pragmas().contains(old)
                ? (Stmt) loop.withPragmas(loop.pragmas().stream().map(p -> p == old ? (AdPragma) changed : p).toList())
                : s).toList();
        Function g = new Function(f.name(), f.returnType(), f.params(), f.locals(), new Block(body), pragmas,
                f.isStatic(), f.comment(), f.range());
        return new TranslationUnit(unit.file(), unit.language(), List.of(g));
    }
}
