package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.KokkosFrontEnd;
import org.paradjoint.cdt.KokkosPrinter;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;

/**
 * The Kokkos front-end: what Views and kernels become in the IR, and a located error naming the
 * construct for everything outside the subset.
 */
class KokkosFrontEndTest {

    private static ParseResult parse(String source) {
        return new KokkosFrontEnd().parse("k.cpp", source);
    }

    private static Function only(String source) {
        ParseResult r = parse(source);
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        assertEquals(TranslationUnit.Language.KOKKOS, r.unit().language());
        return r.unit().functions().get(0);
    }

    /** Asserts an error with this code at line:column whose message mentions every fragment. */
    private static void expect(String source, String code, int line, int column, String... mentions) {
        ParseResult r = parse(source);
        List<Diagnostic> withCode = r.diagnostics().stream().filter(d -> d.code().equals(code)).toList();
        if (withCode.isEmpty()) {
            fail("no `" + code + "` in " + r.diagnostics());
        }
        Diagnostic d = withCode.get(0);
        assertTrue(d.isError(), d::toString);
        assertEquals(line + ":" + column, d.range().line() + ":" + d.range().column(), d::toString);
        for (String m : mentions) {
            assertTrue(d.message().contains(m), () -> "message lacks `" + m + "`: " + d.message());
        }
    }

    @Test
    void viewsAreArraysWithTheirLayoutAndConstness() {
        Function f = only("""
                void f(Kokkos::View<double**, Kokkos::LayoutLeft> a, const Kokkos::View<const double*>& b,
                       Kokkos::View<double*[3]> c, double s, int n) {
                }
                """);
        Variable a = f.params().get(0);
        assertEquals(2, a.rank());
        assertEquals(Layout.COLUMN_MAJOR, a.layout());
        assertFalse(a.isConst());
        assertTrue(a.hasRuntimeShape());
        Variable b = f.params().get(1);
        assertEquals(1, b.rank());
        assertTrue(b.isConst());
        assertEquals(Layout.ROW_MAJOR, b.layout());
        Variable c = f.params().get(2);
        assertTrue(c.dims().get(1).extentKnown());
        assertEquals("Kokkos::View<double*[3]>", KokkosPrinter.type(c));
        assertEquals("Kokkos::View<const double*>", KokkosPrinter.type(b));
        assertEquals("Kokkos::View<double**, Kokkos::LayoutLeft>", KokkosPrinter.type(a));
        assertTrue(f.params().get(3).isScalar());
    }

    @Test
    void kernelsAreParallelLoopsAndReductionsSumClauses() {
        Function f = only("""
                double f(Kokkos::View<double**> a, Kokkos::View<double*> y, int n, int m) {
                  Kokkos::parallel_for("label", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {n, m}),
                      KOKKOS_LAMBDA(const int i, const int j) { a(i, j) = 2.0 * a(i, j); });
                  double r = 0.0;
                  Kokkos::parallel_reduce(Kokkos::RangePolicy<>(1, n), [=](int i, double& s) {
                      double t = y(i) * y(i);
                      s += t;
                  }, r);
                  return r;
                }
                """);
        For md = (For) f.body().stmts().get(0);
        assertNotNull(md.omp());
        assertEquals(2, md.omp().collapse());
        assertTrue(md.body().stmts().get(0) instanceof For inner && inner.omp() == null);
        // r = 0.0 (its declaration), then the reduction sets it to zero and sums into it
        For reduce = (For) f.body().stmts().get(3);
        assertEquals("r", reduce.omp().reductions().get(0).vars().get(0).name());
        assertEquals(List.of("t"), reduce.omp().privates().stream().map(Variable::name).toList());
        assertTrue(reduce.body().stmts().get(1) instanceof Assign a && a.target().var().name().equals("r")
                && a.op() == Assign.Op.ADD);
    }

    @Test
    void subviewsAndTemplatesAndExtents() {
        Function f = only("""
                template <typename V>
                void f(V x, Kokkos::View<double**> a, int k) {
                  auto col = Kokkos::subview(a, Kokkos::ALL, k);
                  Kokkos::parallel_for(x.extent(0), KOKKOS_LAMBDA(const int i) { x(i) = col(i) * std::sqrt(x(i)); });
                }
                """);
        Variable x = f.params().get(0);
        assertEquals("V", x.typeName());
        assertEquals(1, x.rank());
        String printed = KokkosPrinter.printFile(List.of(f));
        assertTrue(printed.contains("template <typename V>"), printed);
        assertTrue(printed.contains("RangePolicy<>(0, x.extent(0))"), printed);
        assertTrue(printed.contains("x(i) = a(i, k) * sqrt(x(i));"), printed);
    }

    @Test
    void teamPoliciesAreRefused() {
        expect("""
                void f(Kokkos::View<double*> x, int n) {
                  Kokkos::parallel_for(Kokkos::TeamPolicy<>(n, 1), KOKKOS_LAMBDA(const int i) { x(i) = 0.0; });
                }
                """, "unsupported-kokkos", 2, 24, "TeamPolicy", "team policies are not supported");
    }

    @Test
    void functorsAreRefused() {
        expect("""
                void f(Kokkos::View<double*> x, int n) {
                  Kokkos::parallel_for(n, functor);
                }
                """, "unsupported-kokkos", 2, 27, "functor", "KOKKOS_LAMBDA");
    }

    @Test
    void otherKokkosCallsAreRefused() {
        expect("""
                void f(Kokkos::View<double*> x, int n) {
                  Kokkos::parallel_scan(n, KOKKOS_LAMBDA(const int i, double& s, bool last) { s += x(i); });
                }
                """, "unsupported-kokkos", 2, 3, "Kokkos::parallel_scan", "Kokkos::parallel_for");
    }

    @Test
    void referenceCapturesAreRefused() {
        expect("""
                void f(Kokkos::View<double*> x, int n) {
                  Kokkos::parallel_for(n, [&](const int i) { x(i) = 0.0; });
                }
                """, "unsupported-kokkos", 2, 27, "[&]", "KOKKOS_LAMBDA");
    }

    @Test
    void stridedLayoutsAndHighRanksAreRefused() {
        expect("""
                void f(Kokkos::View<double*, Kokkos::LayoutStride> x) {
                }
                """, "unsupported-kokkos", 1, 8, "LayoutStride");
        expect("""
                void f(Kokkos::View<double****> x) {
                }
                """, "unsupported-kokkos", 1, 8, "rank 4");
    }

    @Test
    void viewIndicesMustMatchTheRank() {
        expect("""
                void f(Kokkos::View<double**> a, int n) {
                  Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { a(i) = 0.0; });
                }
                """, "unsupported-kokkos", 2, 56, "`a` has rank 2", "1 indices");
    }

    @Test
    void aSubviewFollowsNoAssignedIndex() {
        expect("""
                void f(Kokkos::View<double**> a, Kokkos::View<double*> y, int n) {
                  int k = 1;
                  auto col = Kokkos::subview(a, Kokkos::ALL, k);
                  k = 2;
                  Kokkos::parallel_for(n, KOKKOS_LAMBDA(const int i) { y(i) = col(i); });
                }
                """, "unsupported-kokkos", 3, 8, "col", "`k`");
    }

    @Test
    void theAccumulatorOfAReductionIsOnlyAddedTo() {
        expect("""
                double f(Kokkos::View<double*> y, int n) {
                  double r = 0.0;
                  Kokkos::parallel_reduce(n, KOKKOS_LAMBDA(const int i, double& s) { s = s * y(i); }, r);
                  return r;
                }
                """, "unsupported-kokkos", 3, 30, "only `+=` and `-=`");
    }

    @Test
    void scalarReferencesAreRefused() {
        expect("""
                void f(Kokkos::View<double*> y, double& out) {
                }
                """, "unsupported-kokkos", 1, 33, "double& out", "pass scalars by value");
    }
}
