package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.IrLocations;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** The annotation language of DESIGN.md and the OpenMP clauses. */
class PragmaTest {

    @Test
    void functionLevelGradientAndTangent() {
        Function f = Sources.function("""
                #pragma ad gradient(y, z : x)
                #pragma ad tangent(y : x, w)
                void f(int n, double *y, double *z, const double *x, double w) {
                  y[0] = x[0] * w;
                  z[0] = y[0];
                }
                """, "f");
        AdPragma.Gradient g = (AdPragma.Gradient) f.pragmas().get(0);
        assertEquals(List.of("y", "z"), g.dependents());
        assertEquals(List.of("x"), g.independents());
        AdPragma.Tangent t = (AdPragma.Tangent) f.pragmas().get(1);
        assertEquals(List.of("y"), t.dependents());
        assertEquals(List.of("x", "w"), t.independents());
        assertTrue(IrLocations.statementOf(f, g).isEmpty());
        assertEquals(f.range(), IrLocations.targetRange(f, g));
        assertEquals(1, g.range().line());
        assertEquals(1, g.range().column());
    }

    @Test
    void stencilWithStrategy() {
        Function f = Sources.function("""
                void f(int n, double *r, const double *u) {
                  int i;
                #pragma ad stencil adjoint(r:rb, u : ub) strategy(guarded)
                  for (i = 1; i < n - 1; i++) r[i] = u[i - 1] + u[i + 1];
                }
                """, "f");
        For loop = (For) f.body().stmts().get(0);
        AdPragma.StencilAdjoint st = (AdPragma.StencilAdjoint) loop.pragmas().get(0);
        assertEquals("guarded", st.strategy());
        assertEquals(List.of(new AdPragma.StencilAdjoint.Mapping("r", "rb"), new AdPragma.StencilAdjoint.Mapping("u", "ub")),
                st.mappings());
        assertEquals(loop, IrLocations.statementOf(f, st).orElseThrow());
    }

    @Test
    void separabilityInBothSpellings() {
        Function f = Sources.function("""
                void f(int n, const double *x, double *out) {
                  double a, b;
                #pragma ad elemental
                  a = 0.0;
                #pragma $adic_partialelemental
                  b = 0.0;
                  for (int i = 0; i < n; i++) { a = a + x[i] * x[i]; b = b + x[i]; }
                #pragma ad partially_separable(a, b)
                  out[0] = a + b;
                #pragma $adic_partiallyseparable, a, b
                  out[1] = a * b;
                }
                """, "f");
        List<AdPragma> p = f.pragmas();
        assertEquals(4, p.size());
        assertTrue(p.get(0) instanceof AdPragma.Elemental);
        assertTrue(p.get(1) instanceof AdPragma.Elemental);
        assertEquals(List.of("a", "b"), ((AdPragma.PartiallySeparable) p.get(2)).elementals());
        assertEquals(List.of("a", "b"), ((AdPragma.PartiallySeparable) p.get(3)).elementals());
        Assign last = (Assign) f.body().stmts().get(4);
        assertSame(p.get(3), last.pragmas().get(0));
    }

    @Test
    void disjointExpressionsAreCExpressionsOverTheLoopVariables() {
        String src = """
                void f(int n, double *y, const double *x, const int *c) {
                #pragma ad disjoint(c[i], c[i] + 7, f(2 * i, 1))
                #pragma omp parallel for
                  for (int i = 0; i < n; i++) y[c[i]] = x[c[i] + 7];
                }
                """;
        Function f = Sources.function(src, "f");
        For loop = (For) f.body().stmts().get(0);
        AdPragma.Disjoint d = (AdPragma.Disjoint) loop.pragmas().get(0);
        Variable c = f.lookup("c").orElseThrow();
        Variable i = loop.counter();
        ArrayRef ci = new ArrayRef(c, List.of(new VarRef(i)));
        assertEquals(ci, d.expressions().get(0));
        assertEquals(new Binary(Binary.Op.ADD, ci, new IntLit(7)), d.expressions().get(1));
        assertEquals(3, d.expressions().size());
        ArrayRef first = (ArrayRef) d.expressions().get(0);
        assertEquals(2, first.range().line());
        assertEquals(21, first.range().column(), "ranges point into the pragma");
        assertEquals(src.indexOf("c[i],"), first.range().offset());
        assertEquals(List.of("i"), loop.omp().privates().stream().map(Variable::name).toList());
    }

    /** {@code simd} on a worksharing loop is read as the loop without it, its clauses kept. */
    @Test
    void parallelForSimdIsReadAsParallelFor() {
        Function f = Sources.function("""
                void f(int n, const double *x, double *out) {
                  double s = 0.0;
                #pragma omp parallel for simd reduction(+ : s) schedule(static)
                  for (int i = 0; i < n; i++) s += x[i] * x[i];
                  out[0] = s;
                }
                """, "f");
        For loop = (For) f.body().stmts().get(1);
        assertTrue(loop.isParallel());
        assertEquals(List.of("s"), loop.omp().reductions().get(0).vars().stream().map(Variable::name).toList());
    }

    @Test
    void ompClauses() {
        Function f = Sources.function("""
                void f(int n, double *y, const double *x, double s, double m) {
                #pragma omp parallel for default(none) shared(y, x) firstprivate(n) \\
                    reduction(+: s) reduction(max: m), schedule(dynamic, 4) collapse(1)
                  for (int i = 0; i < n; i++) { s += x[i]; m = fmax(m, x[i]); y[i] = s; }
                }
                """, "f");
        OmpParallelFor omp = ((For) f.body().stmts().get(0)).omp();
        assertEquals("none", omp.defaultSharing());
        assertEquals(List.of("y", "x"), omp.shared().stream().map(Variable::name).toList());
        assertEquals(List.of("n"), omp.firstprivates().stream().map(Variable::name).toList());
        assertEquals(2, omp.reductions().size());
        assertEquals("+", omp.reductions().get(0).op());
        assertEquals(List.of("s"), omp.reductions().get(0).vars().stream().map(Variable::name).toList());
        assertEquals("max", omp.reductions().get(1).op());
        assertEquals("dynamic, 4", omp.schedule());
        assertEquals(1, omp.collapse());
        assertTrue(omp.isPrivate(f.lookup("s").orElseThrow()));
        assertEquals(List.of("i"), omp.privates().stream().map(Variable::name).toList());
    }

    @Test
    void pragmaOperatorsAreReadLikeDirectives() {
        Function f = Sources.function("""
                void f(int n, double *y, const double *x) {
                  _Pragma("ad gradient(y : x)")
                  _Pragma("omp parallel for schedule(static)")
                  for (int i = 0; i < n; i++) y[i] = x[i];
                }
                """, "f");
        For loop = (For) f.body().stmts().get(0);
        assertEquals("static", loop.omp().schedule());
        assertEquals(List.of("x"), ((AdPragma.Gradient) loop.pragmas().get(0)).independents());
        var r = Sources.parse("""
                void f(int n, double *y) {
                  _Pragma("ad gradient(y : q)")
                  for (int i = 0; i < n; i++) y[i] = 0.0;
                }
                """);
        var d = r.diagnostics().get(0);
        assertEquals("unknown-variable", d.code());
        assertEquals("2:28", d.range().line() + ":" + d.range().column());
    }

    @Test
    void otherPragmasAreIgnored() {
        Function f = Sources.function("""
                #pragma once
                #pragma GCC optimize("O3")
                void f(int n, double *y) {
                #pragma GCC ivdep
                  for (int i = 0; i < n; i++) y[i] = 0.0;
                }
                """, "f");
        assertTrue(f.pragmas().isEmpty());
        assertEquals(null, ((For) f.body().stmts().get(0)).omp());
    }

    @Test
    void gradientNamesFollowRenaming() {
        Function f = Sources.function("""
                void f(int n, double *y) {
                  double t = 0.0;
                  {
                    double t = 1.0;
                #pragma ad gradient(y : t)
                    for (int i = 0; i < n; i++) y[i] = t;
                  }
                }
                """, "f");
        assertEquals(List.of("t_1"), ((AdPragma.Gradient) f.pragmas().get(0)).independents());
    }
}
