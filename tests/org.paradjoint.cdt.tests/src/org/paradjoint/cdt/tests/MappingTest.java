package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.cdt.IrLocations;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** The mapping of individual C constructs to the IR. */
class MappingTest {

    /** {@code (void) x;} silences an unused variable and does nothing: no statement; a cast call to void still is an error. */
    @Test
    void aVariableCastToVoidIsNoStatement() {
        Function f = Sources.function("""
                void f(int n, int unused, double *y) {
                  (void) unused;
                  ((void) (n));
                  y[0] = 1.0;
                }
                """, "f");
        org.junit.jupiter.api.Assertions.assertEquals(1, f.body().stmts().size(), f.body().toString());
        org.junit.jupiter.api.Assertions.assertTrue(new org.paradjoint.cdt.CFrontEnd().parse("g.c", """
                double h(double v);
                void g(double *y) {
                  (void) h(y[0]);
                }
                """).hasErrors());
    }

    @Test
    void forHeadersAreNormalised() {
        Function f = Sources.function("""
                void f(int n, double *y) {
                  int i;
                  for (i = 0; i < n; i++) y[i] = 0.0;
                  for (i = n - 1; i >= 0; i--) y[i] = 0.0;
                  for (i = 0; n > i; ++i) y[i] = 0.0;
                  for (i = 0; i <= n; i += 3) y[i] = 0.0;
                  for (i = n; i > 0; i -= 2) y[i] = 0.0;
                  for (i = 0; i < n; i = i + 4) y[i] = 0.0;
                  for (i = 0; i < n; i = 5 + i) y[i] = 0.0;
                  for (i = n; 0 <= i; i = i - n) y[i] = 0.0;
                  for (i = n; i > 0; --i) y[i] = 0.0;
                }
                """, "f");
        List<For> loops = f.body().stmts().stream().map(For.class::cast).toList();
        Variable n = f.params().get(0);
        assertLoop(loops.get(0), Binary.Op.LT, new VarRef(n), 1L);
        assertLoop(loops.get(1), Binary.Op.GE, new IntLit(0), -1L);
        assertLoop(loops.get(2), Binary.Op.LT, new VarRef(n), 1L);
        assertLoop(loops.get(3), Binary.Op.LE, new VarRef(n), 3L);
        assertLoop(loops.get(4), Binary.Op.GT, new IntLit(0), -2L);
        assertLoop(loops.get(5), Binary.Op.LT, new VarRef(n), 4L);
        assertLoop(loops.get(6), Binary.Op.LT, new VarRef(n), 5L);
        assertLoop(loops.get(7), Binary.Op.GE, new IntLit(0), null);
        assertEquals(new Unary(Unary.Op.NEG, new VarRef(n)), loops.get(7).step());
        assertLoop(loops.get(8), Binary.Op.GT, new IntLit(0), -1L);
        assertEquals(new Binary(Binary.Op.SUB, new VarRef(n), new IntLit(1)), loops.get(1).lower());
        assertTrue(loops.get(0).body().stmts().get(0) instanceof Assign, "an unbraced body is a block of one");
    }

    private static void assertLoop(For loop, Binary.Op cmp, Expr bound, Long step) {
        assertEquals("i", loop.counter().name());
        assertEquals(cmp, loop.cmp());
        assertEquals(bound, loop.bound());
        assertEquals(step, loop.constantStep());
    }

    @Test
    void starPointerIsElementZero() {
        Function f = Sources.function("""
                double f(double *y, const double *x) {
                  *y = *x + 1.0;
                  (*y) += 2.0;
                  return *y;
                }
                """, "f");
        Variable y = f.params().get(0);
        Variable x = f.params().get(1);
        Assign a = (Assign) f.body().stmts().get(0);
        assertEquals(new ArrayRef(y, List.of(new IntLit(0))), a.target());
        assertEquals(new Binary(Binary.Op.ADD, new ArrayRef(x, List.of(new IntLit(0))), new RealLit(1.0, "1.0", SourceRange.NONE)),
                a.value());
        assertEquals(Assign.Op.ADD, ((Assign) f.body().stmts().get(1)).op());
        assertEquals(new ArrayRef(y, List.of(new IntLit(0))), ((Return) f.body().stmts().get(2)).value());
        assertEquals(BaseType.DOUBLE, f.returnType());
        assertTrue(x.isConst());
        assertFalse(y.isConst());
        assertEquals(1, y.rank());
        assertFalse(y.dims().get(0).extentKnown());
    }

    @Test
    void localsAreHoistedRenamedOnShadowingAndInitialisedInPlace() {
        Function f = Sources.function("""
                void f(int n, double *y) {
                  double s = 1.0;
                  for (int i = 0; i < n; i++) {
                    double s = y[i];
                    for (int i = 0; i < 2; i++) s = s * 2.0;
                    y[i] = s;
                  }
                  for (int i = 0; i < n; i++) y[i] += s;
                  {
                    int k = 3, m;
                    m = k;
                    y[m] = 0.0;
                  }
                }
                """, "f");
        assertEquals(List.of("s", "i", "s_1", "i_1", "k", "m"), f.locals().stream().map(Variable::name).toList());
        assertTrue(f.locals().stream().allMatch(v -> v.kind() == Variable.Kind.LOCAL));
        Assign init = (Assign) f.body().stmts().get(0);
        assertEquals("s", init.target().var().name());
        For outer = (For) f.body().stmts().get(1);
        assertEquals("i", outer.counter().name());
        Assign inner = (Assign) outer.body().stmts().get(0);
        assertEquals("s_1", inner.target().var().name());
        For innerLoop = (For) outer.body().stmts().get(1);
        assertEquals("i_1", innerLoop.counter().name());
        Assign store = (Assign) outer.body().stmts().get(2);
        assertEquals(List.of(new VarRef(outer.counter())), ((ArrayRef) store.target()).indices());
        assertEquals("s_1", ((VarRef) store.value()).var().name());
        For second = (For) f.body().stmts().get(2);
        assertEquals("i", second.counter().name(), "a sibling declaration reuses the hoisted variable");
        assertEquals("s", ((VarRef) ((Assign) second.body().stmts().get(0)).value()).var().name());
        Block block = (Block) f.body().stmts().get(3);
        assertEquals(3, block.stmts().size());
    }

    @Test
    void variablesDeclaredInAParallelLoopBodyArePrivate() {
        Function f = Sources.function("""
                void f(int n, double *y, const double *x) {
                  double t;
                #pragma omp parallel for shared(y) firstprivate(n)
                  for (int i = 0; i < n; i++) {
                    double a = x[i];
                    for (int j = 0; j < 3; j++) a = a * x[j];
                    t = a;
                    y[i] = t;
                  }
                }
                """, "f");
        For loop = (For) f.body().stmts().get(0);
        assertEquals(List.of("i", "a", "j"), loop.omp().privates().stream().map(Variable::name).toList());
        assertEquals(List.of("n"), loop.omp().firstprivates().stream().map(Variable::name).toList());
        assertEquals(List.of("y"), loop.omp().shared().stream().map(Variable::name).toList());
        assertFalse(loop.omp().isPrivate(f.lookup("t").orElseThrow()), "t is declared outside: shared");
    }

    @Test
    void expressionsOfEveryKind() {
        Function f = Sources.function("""
                void f(int n, double *y, const double u[n][n], const int *c, float g, long m) {
                  int i = 2;
                  y[0] = -u[i][c[i]] + +y[1] - 1.5e-3 * (double) n / 2.f;
                  y[1] = (i % 2 == 0 && !(n != 1) || i >= n) ? sqrt(y[0]) : fmax(y[0], 0.0);
                  y[2] = (int) y[0] + (long) g + (float) m + 0x10;
                  i++;
                  i--;
                  ++i;
                  g++;
                  g /= 2.0f;
                  y[3] *= 2;
                  h(n, y, u);
                }
                """, "f");
        List<?> s = f.body().stmts();
        Assign a1 = (Assign) s.get(1);
        Binary sub = (Binary) a1.value();
        assertEquals(Binary.Op.SUB, sub.op());
        Binary add = (Binary) sub.left();
        Unary neg = (Unary) add.left();
        ArrayRef uic = (ArrayRef) neg.operand();
        assertEquals("u", uic.var().name());
        assertEquals(2, uic.indices().size());
        assertTrue(uic.indices().get(1) instanceof ArrayRef);
        assertEquals(new ArrayRef(f.params().get(1), List.of(new IntLit(1))), add.right(), "unary plus vanishes");
        Binary div = (Binary) sub.right();
        assertEquals(Binary.Op.DIV, div.op());
        assertEquals("2.f", ((RealLit) div.right()).text());
        assertEquals(2.0, ((RealLit) div.right()).value());
        Binary mul = (Binary) div.left();
        assertEquals("1.5e-3", ((RealLit) mul.left()).text());
        assertEquals(new Cast(BaseType.DOUBLE, new VarRef(f.params().get(0))), mul.right());

        Cond cond = (Cond) ((Assign) s.get(2)).value();
        assertEquals(Binary.Op.OR, ((Binary) cond.cond()).op());
        assertEquals("sqrt", ((Call) cond.then()).name());
        assertEquals("fmax", ((Call) cond.otherwise()).name());

        Binary sum = (Binary) ((Assign) s.get(3)).value();
        assertEquals(new IntLit(16), sum.right());

        Variable i = f.lookup("i").orElseThrow();
        assertEquals(new Assign(new VarRef(i), Assign.Op.ADD, new IntLit(1)), s.get(4));
        assertEquals(new Assign(new VarRef(i), Assign.Op.SUB, new IntLit(1)), s.get(5));
        assertEquals(new Assign(new VarRef(i), Assign.Op.ADD, new IntLit(1)), s.get(6));
        assertEquals(Assign.Op.ADD, ((Assign) s.get(7)).op());
        assertEquals(Assign.Op.DIV, ((Assign) s.get(8)).op());
        assertEquals(Assign.Op.MUL, ((Assign) s.get(9)).op());
        CallStmt call = (CallStmt) s.get(10);
        assertEquals("h", call.call().name());
        assertEquals(new VarRef(f.params().get(2)), call.call().args().get(2), "whole arrays pass to calls");
        assertEquals(BaseType.FLOAT, f.params().get(4).type());
        assertEquals(BaseType.LONG, f.params().get(5).type());
    }

    @Test
    void localArraysAndBranches() {
        Function f = Sources.function("""
                int f(int n, double *y) {
                  double w[3] = {0.25, 0.5};
                  double z[] = {1.0, 2.0};
                  if (n > 0) {
                    y[0] = w[0];
                  } else if (n < 0) y[0] = z[1];
                  else return 1;
                  return 0;
                }
                """, "f");
        Variable w = f.lookup("w").orElseThrow();
        assertEquals(new IntLit(3), w.dims().get(0).extent());
        assertEquals(new IntLit(2), f.lookup("z").orElseThrow().dims().get(0).extent());
        Assign third = (Assign) f.body().stmts().get(2);
        assertEquals(new ArrayRef(w, List.of(new IntLit(2))), third.target());
        assertEquals(0.0, ((RealLit) third.value()).value());
        If branch = (If) f.body().stmts().get(5);
        If elseIf = (If) branch.otherwise().stmts().get(0);
        assertTrue(elseIf.otherwise().stmts().get(0) instanceof Return);
        assertEquals(BaseType.INT, f.returnType());
    }

    @Test
    void parametersOfEveryShape() {
        Function f = Sources.function("""
                void f(void) { }
                void g(long n, int m, const double w[9][9], double (*cl)[64], double y[], double v[n][m + 1], double *restrict r) { }
                """, "g");
        assertTrue(Sources.parse("void f(void) { }").unit().function("f").orElseThrow().params().isEmpty());
        assertEquals(List.of(2, 2, 1, 2, 1), f.params().subList(2, 7).stream().map(Variable::rank).toList());
        assertEquals(new IntLit(9), f.params().get(2).dims().get(0).extent());
        assertFalse(f.params().get(3).dims().get(0).extentKnown());
        assertFalse(f.params().get(4).dims().get(0).extentKnown());
        assertEquals(new Binary(Binary.Op.ADD, new VarRef(f.params().get(1)), new IntLit(1)),
                f.params().get(5).dims().get(1).extent());
        assertEquals(Variable.Kind.PARAMETER, f.params().get(0).kind());
        assertEquals(BaseType.LONG, f.params().get(0).type());
    }

    @Test
    void sourceRangesAreOneBasedWithEndPositions() {
        String src = "void f(int n, double *y)\n{\n    y[0] = n;\n}\n";
        Function f = Sources.function(src, "f");
        Assign a = (Assign) f.body().stmts().get(0);
        SourceRange r = a.range();
        assertEquals("t.c", r.file());
        assertEquals(3, r.line());
        assertEquals(5, r.column());
        assertEquals(3, r.endLine());
        assertEquals(14, r.endColumn());
        assertEquals(src.indexOf("y[0]"), r.offset());
        assertEquals("y[0] = n;".length(), r.length());
        SourceRange fr = IrLocations.functionRange(Sources.parse(src).unit(), "f").orElseThrow();
        assertEquals(1, fr.line());
        assertEquals(4, fr.endLine());
        assertEquals(f, IrLocations.functionAt(Sources.parse(src).unit(), src.indexOf("y[0]")).orElseThrow());
        assertTrue(IrLocations.functionAt(Sources.parse(src).unit(), 500).isEmpty());
    }

    @Test
    void headersAndMacrosArePreprocessed() {
        CFrontEnd fe = new CFrontEnd(java.util.Map.of("N", "8"));
        assertTrue(fe.accepts("a.c"));
        assertTrue(fe.accepts("dir/a.h"));
        assertFalse(fe.accepts("a.f90"));
        assertFalse(fe.accepts("a.cpp"));
        var r = fe.parse("m.c", """
                #include <math.h>
                #include "local.h"
                #define TWO 2.0
                #ifdef _OPENMP
                #define SCALE TWO
                #endif
                void f(double *y) {
                  double t[N];
                  t[0] = SCALE * M_PI;
                  y[0] = t[0];
                }
                """);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        Function f = r.unit().function("f").orElseThrow();
        assertEquals(new IntLit(8), f.lookup("t").orElseThrow().dims().get(0).extent());
        Binary b = (Binary) ((Assign) f.body().stmts().get(0)).value();
        assertEquals("2.0", ((RealLit) b.left()).text());
        assertEquals(Math.PI, ((RealLit) b.right()).value(), 1e-15);
        assertNull(f.returnType());
    }

    /**
     * A struct pointer passed on to a helper: the argument becomes the caller's members that the
     * helper's flattened parameters stand for, in the helper's order (the struct's, whatever order
     * its body names them in), so that inlining maps each to its parameter; a member the helper
     * takes by value gets the caller's value, one it assigns is passed by address on both sides.
     */
    @Test
    void aStructPassedOnToAHelperBecomesTheMembersTheHelperTakes() {
        var unit = Sources.parse("""
                typedef struct { int n, k; double a; double *u; double v[3]; const char *tag; } s_t;
                static double h(const s_t *p, int i) { return p->v[i] * p->u[i] + p->a * p->k; }
                static void set(s_t *p) { p->k = 2; }
                void f(s_t *q, double *y) {
                  set(q);
                  for (int i = 0; i < q->n; i++) y[i] = h(q, i);
                }
                """).unit();
        Function f = unit.function("f").orElseThrow();
        Function h = unit.function("h").orElseThrow();
        Function set = unit.function("set").orElseThrow();
        assertEquals(List.of("p_k", "p_a", "p_u", "p_v", "i"), h.params().stream().map(Variable::name).toList());
        assertEquals(List.of("q_n", "q_k", "q_a", "q_u", "q_v", "y"), f.params().stream().map(Variable::name).toList());
        assertEquals(List.of("p_k"), set.params().stream().map(Variable::name).toList());
        assertTrue(h.params().get(0).isScalar() && f.params().get(1).isArray() && set.params().get(0).isArray(),
                "k is read by h (by value) but assigned by set: by address in f and set");
        List<Call> calls = org.paradjoint.core.expr.StmtUtil.calls(f.body());
        Call toSet = calls.stream().filter(c -> c.name().equals("set")).findFirst().orElseThrow();
        Call toH = calls.stream().filter(c -> c.name().equals("h")).findFirst().orElseThrow();
        assertEquals(List.of(f.params().get(1)), toSet.args().stream().map(a -> ((VarRef) a).var()).toList());
        assertEquals(5, toH.args().size(), toH.toString());
        assertTrue(toH.args().get(0) instanceof ArrayRef k && k.var().name().equals("q_k"), toH.toString());
        for (int a = 1; a < 4; a++) {
            assertEquals(f.params().get(a + 1), ((VarRef) toH.args().get(a)).var(), toH.toString());
        }
    }
}
